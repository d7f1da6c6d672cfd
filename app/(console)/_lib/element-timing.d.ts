import "react";

declare module "react" {
  interface HTMLAttributes<T> {
    /** The Element Timing API's name for the element: the browser reports when its text is first painted. */
    elementtiming?: string;
  }
}
