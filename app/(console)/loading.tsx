import { Loading } from "./_lib/ui";

export default function ConsoleLoading() {
  return <Loading what="the page" />;
}
