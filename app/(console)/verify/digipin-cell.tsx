"use client";

import { DigipinCellDrawing } from "~/app/_shared/digipin-cell-drawing";
import { api } from "../_lib/trpc";
import { Loading } from "../_lib/ui";
import { ErrorNote } from "../_lib/errors";

/** The DIGIPIN's cell (from digipin.decode's bbox) drawn among its eight neighbours, with the verified location as a dot. */
export function DigipinCell({ digipin, location }: { digipin: string; location: { lat: number; lng: number } | null }) {
  const decoded = api.digipin.decode.useQuery({ digipin });
  if (decoded.isPending) return <Loading what="the DIGIPIN cell" />;
  if (decoded.error) return <ErrorNote error={decoded.error} action="Could not decode the DIGIPIN" />;
  return <DigipinCellDrawing cell={decoded.data} location={location} />;
}
