import "react";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration must repeat React's type parameter
  interface HTMLAttributes<T> {
    /** The Element Timing API's name for the element: the browser reports when its text is first painted. */
    elementtiming?: string;
  }
}
