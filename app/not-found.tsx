import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-6 py-16">
      <h1 className="text-2xl font-bold">Not found</h1>
      <p className="mt-2 text-slate-700">There is nothing here, or it belongs to another workspace.</p>
      <Link href="/overview" className="mt-4 inline-block font-medium text-blue-800 underline">
        Back to the overview
      </Link>
    </main>
  );
}
