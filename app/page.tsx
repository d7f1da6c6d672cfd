import { redirect } from "next/navigation";

// The console starts at the overview; its layout sends signed-out visitors to the sign-in page.
export default function Home() {
  redirect("/overview");
}
