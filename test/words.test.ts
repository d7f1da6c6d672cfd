import { describe, expect, it } from "vitest";
import { Decision, OutcomeKind, PaymentMethod, ValidationLevel } from "../server/generated/prisma/enums";
import { DECISIONS, OUTCOME_KINDS, outcomeOf, PAYMENT_METHODS, paymentMethodOf, VALIDATION_LEVELS } from "../lib/words";
import { checkOutcomeRows, dateOf, guessOutcomeColumns, wordsFound } from "../lib/courier-report";
import { skippedRowsCsv } from "../lib/skipped-rows";

/** The merchant's and courier's words (lib/words.ts) and a courier's report read into reports (lib/courier-report.ts). */
describe("payment methods in the merchant's words", () => {
  it.each([
    ["COD", "cod"],
    ["Cash on Delivery", "cod"],
    ["cash-on-delivery", "cod"],
    [" CASH ", "cod"],
    ["UPI", "prepaid"],
    ["Credit Card", "prepaid"],
    ["debit-card", "prepaid"],
    ["Net Banking", "prepaid"],
    ["NETBANKING", "prepaid"],
    ["wallet", "prepaid"],
    ["Paid", "prepaid"],
    ["Pre-paid", "prepaid"],
  ])("%j is %s", (word, method) => {
    expect(paymentMethodOf(word)).toBe(method);
  });

  it.each(["bitcoin", "", "cheque", "unpaid", "cod cod"])("%j is no payment method", (word) => {
    expect(paymentMethodOf(word)).toBeUndefined();
  });
});

describe("outcomes in the courier's words", () => {
  it.each([
    ["Delivered", "delivered"],
    ["DLVD", "delivered"],
    ["RTO", "rto"],
    ["R.T.O.", "rto"],
    ["Returned to Origin", "rto"],
    ["RTO-Delivered", "rto"],
    ["Undelivered", "rto"],
    ["Refused", "customer_refused"],
    ["customer_refused", "customer_refused"],
    ["Address not found", "address_issue"],
    ["Lost in transit", "lost"],
    ["Canceled", "cancelled"],
  ])("%j is %s", (word, kind) => {
    expect(outcomeOf(word)).toBe(kind);
  });

  it.each(["Teleported", "In transit", "Out for delivery", ""])("%j is not a final outcome", (word) => {
    expect(outcomeOf(word)).toBeUndefined();
  });
});

describe("a courier's report", () => {
  it("reads dates day first, in India's time unless an offset is given, and refuses days that do not exist", () => {
    expect(dateOf("24/11/2026")).toBe("2026-11-24T00:00:00+05:30");
    expect(dateOf("4-1-2026 9:05")).toBe("2026-01-04T09:05:00+05:30");
    expect(dateOf("2026-11-24")).toBe("2026-11-24T00:00:00+05:30");
    expect(dateOf("2026-11-24T16:20:00Z")).toBe("2026-11-24T16:20:00Z");
    expect(dateOf("")).toBeNull();
    expect(dateOf("31/02/2026")).toBeUndefined();
    expect(dateOf("24/13/2026")).toBeUndefined();
    expect(dateOf("yesterday")).toBeUndefined();
  });

  it("finds the columns couriers name in their own ways", () => {
    expect(guessOutcomeColumns(["AWB", "Order No", "Current Status", "Courier Partner", "Delivered On"])).toEqual({
      orderId: "Order No",
      verificationId: "",
      outcome: "Current Status",
      courier: "Courier Partner",
      date: "Delivered On",
    });
    expect(guessOutcomeColumns(["verification_id", "outcome"])).toMatchObject({ verificationId: "verification_id", outcome: "outcome", orderId: "" });
  });

  it("turns each row into a report or says what is wrong with it, and shows the words found", () => {
    const columns = guessOutcomeColumns(["order_id", "status", "courier", "date"]);
    const rows = [
      { order_id: "A-1", status: "Delivered", courier: "Delhivery", date: "24/11/2026" },
      { order_id: "A-2", status: "Teleported", courier: "", date: "" },
      { order_id: "", status: "RTO", courier: "", date: "" },
      { order_id: "A-4", status: "rto", courier: "x".repeat(101), date: "" },
      { order_id: "A-5", status: "RTO", courier: "", date: "someday" },
    ];
    const checks = checkOutcomeRows(rows, columns);
    expect(checks[0]).toEqual({
      row: 1,
      id: "A-1",
      word: "Delivered",
      report: { order_id: "A-1", outcome: "delivered", courier: "Delhivery", delivered_at: "2026-11-24T00:00:00+05:30" },
      error: null,
    });
    expect(checks.slice(1).map((c) => [c.row, c.report, c.error?.split(".")[0]])).toEqual([
      [2, null, 'The outcome "Teleported" is not one we know'],
      [3, null, "Neither an order id nor a verification id"],
      [4, null, "The courier is longer than 100 characters"],
      [5, null, 'The date "someday" is not a date (use 2026-11-24, 24/11/2026 or ISO 8601)'],
    ]);
    expect(wordsFound(checks)).toEqual([
      { word: "RTO", kind: "rto", rows: 3 },
      { word: "Delivered", kind: "delivered", rows: 1 },
      { word: "Teleported", kind: null, rows: 1 },
    ]);
  });

  it("writes skipped rows a spreadsheet will not run as formulas", () => {
    expect(skippedRowsCsv([{ row: 2, id: "=HYPERLINK(1)", reason: 'The outcome "x, y" is not one we know.' }], "order_id")).toBe(
      `row,order_id,reason\r\n2,"'=HYPERLINK(1)","The outcome ""x, y"" is not one we know."\r\n`,
    );
  });
});

// The database's enums (prisma/schema) are the one other spelling of the shared words: a word added
// to one and not the other would fail at the first insert or read.
describe("the shared words", () => {
  it("are the database's enums, word for word", () => {
    expect(new Set(DECISIONS)).toEqual(new Set(Object.values(Decision)));
    expect(new Set(VALIDATION_LEVELS)).toEqual(new Set(Object.values(ValidationLevel)));
    expect(new Set(PAYMENT_METHODS)).toEqual(new Set(Object.values(PaymentMethod)));
    expect(new Set(OUTCOME_KINDS)).toEqual(new Set(Object.values(OutcomeKind)));
  });
});
