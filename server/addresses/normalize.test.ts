import { beforeAll, describe, expect, it } from "vitest";
import { normalizationKey, normalizeAddress, preloadPincodeDirectory, type Components } from "./index";
import { LABELLED } from "../../test/data/addresses-table";

beforeAll(() => {
  preloadPincodeDirectory();
});

const NONE: Components = {
  house: null,
  building: null,
  street: null,
  locality: null,
  landmark: null,
  city: null,
  district: null,
  state: null,
  pincode: null,
};

describe("normalizeAddress: address table", () => {
  it.each(LABELLED)("%s", (input, expected) => {
    const r = normalizeAddress(input);
    expect(r.components).toEqual({ ...NONE, ...expected });
    expect(r.pincode?.code ?? null).toBe(expected.pincode && r.signals.pincodeKnown ? expected.pincode : null);
    const again = normalizeAddress(r.normalized);
    expect(again.normalized).toBe(r.normalized);
    expect(again.components).toEqual(r.components);
  });
});

describe("normalized form", () => {
  it("writes components in a fixed order with expanded abbreviations", () => {
    expect(normalizeAddress("flat 4b, prestige shantiniketan, whitefield main rd, nr forum mall, whitefield, bangalore, k.a. 560 066").normalized).toBe(
      "Flat 4B, Prestige Shantiniketan, Whitefield Main Road, Near Forum Mall, Whitefield, Bengaluru, Karnataka 560066",
    );
    expect(normalizeAddress("Opp. City Hospital, Flat 201, MG Rd, Pune 411001").normalized).toBe("Flat 201, MG Road, Opposite City Hospital, Pune, Maharashtra 411001");
    expect(normalizeAddress("H NO 12 GALI NO 3 KAROL BAGH NEW DELHI 110005").normalized).toBe("12, Gali No. 3, Karol Bagh, New Delhi, Delhi 110005");
  });

  it("fills city, district and state in the components, and only the state in the line (no place the buyer did not write)", () => {
    const r = normalizeAddress("12, 3rd Cross, Indiranagar 560038");
    expect(r.normalized).toBe("12, 3rd Cross, Indiranagar, Karnataka 560038");
    expect(r.components.city).toBe("Bengaluru");
    expect(r.components.district).toBe("Bengaluru Urban");
    expect(r.signals.statedCity).toBeNull();
    expect(r.signals.statedState).toBeNull();
  });

  it("keeps a written district that differs from the pincode's", () => {
    expect(normalizeAddress("Gali No. 4, Bhajanpura, North East Delhi 110053").normalized).toBe("Gali No. 4, Bhajanpura, District North East Delhi, Delhi 110053");
  });

  it("leaves relations (S/O, W/O, D/O) out of the normalized line and the components", () => {
    for (const text of [
      "S/O Ramesh Kumar, Vill Rampur, Post Bhojipura, Distt Bareilly UP 243202",
      "Suresh Kumar S/O Ramesh Kumar, Vill Rampur, Post Bhojipura, Distt Bareilly UP 243202",
      "Vill Rampur, W/O Ramesh Kumar, Post Bhojipura, Distt Bareilly UP 243202",
      "D/O Ramesh Kumar Vill Rampur Post Bhojipura Distt Bareilly UP 243202",
    ]) {
      const r = normalizeAddress(text);
      expect(r.normalized).toBe("Village Rampur, Post Bhojipura, District Bareilly, Uttar Pradesh 243202");
      expect(JSON.stringify(r.components)).not.toMatch(/Ramesh|Suresh|Kumar/);
    }
  });

  it("keeps a care-of name at the front of the line, in no component", () => {
    for (const text of [
      "C/O Ramesh Kumar, Vill Rampur, Post Bhojipura, Distt Bareilly UP 243202",
      "c/o ramesh kumar vill rampur post bhojipura distt bareilly up 243202",
      "Vill Rampur, Post Bhojipura, Care of Ramesh Kumar, Distt Bareilly UP 243202",
    ]) {
      const r = normalizeAddress(text);
      expect(r.normalized).toBe("C/O Ramesh Kumar, Village Rampur, Post Bhojipura, District Bareilly, Uttar Pradesh 243202");
      expect(JSON.stringify(r.components)).not.toMatch(/Ramesh|Kumar/);
    }
    expect(normalizeAddress("C/O Anil Sharma, H.No. 221, Ward No. 5, Dehradun 248001 Mob 9876543210").normalized).toBe("C/O Anil Sharma, 221, Ward No. 5, Dehradun, Uttarakhand 248001");
  });

  it("gives two spellings of one address the same key, and different addresses different keys", () => {
    const a = normalizationKey("#12, 3rd cross, indiranagar, bangalore 560038");
    expect(normalizationKey("12, 3rd Cross, Indiranagar, Bengaluru, KA 560 038")).toBe(a);
    expect(normalizationKey("H.No. 12, 3rd cross, Indiranagar, Bangalore, Karnataka, PIN: 560038")).toBe(a);
    expect(normalizationKey("House No 12, 3rd Cross, Indiranagar, Bengaluru - 560038, Mob 9845012345")).toBe(a);
    expect(normalizationKey("13, 3rd Cross, Indiranagar, Bangalore 560038")).not.toBe(a);
    expect(normalizationKey("M.G. Road, Bombay 400001")).toBe(normalizationKey("MG Rd, Mumbai, MH - 400001"));
    expect(a).toBe("12 3rd cross indiranagar bengaluru karnataka 560038");
  });
});

describe("states and cities", () => {
  it.each([
    ["12 MG Road, Bengaluru, KA 560001", "Karnataka"],
    ["12 MG Road, Bengaluru, K.A. 560001", "Karnataka"],
    ["12 Anna Salai, Chennai, T.N. 600002", "Tamil Nadu"],
    ["12 Anna Salai, Chennai TN 600002", "Tamil Nadu"],
    ["Unit 4, Cuttack, Orissa 753001", "Odisha"],
    ["Mission Street, Pondicherry 605001", "Puducherry"],
    ["Mall Road, Dehradun, Uttaranchal 248001", "Uttarakhand"],
    ["Karol Bagh, NCR 110005", "Delhi"],
    ["Karol Bagh, New Delhi 110005", "Delhi"],
    ["Lal Chowk, Srinagar, J&K 190001", "Jammu and Kashmir"],
    ["Raipur, Chattisgarh 492001", "Chhattisgarh"],
    ["Silvassa, DNH 396230", "Dadra and Nagar Haveli and Daman and Diu"],
    ["Leh, Ladakh 194101", "Ladakh"],
  ])("%s → statedState %s", (text, state) => {
    const r = normalizeAddress(text);
    expect(r.signals.statedState).toBe(state);
    expect(r.components.state).toBe(state);
    expect(r.signals.stateMatchesPincode).toBe(true);
  });

  it.each([
    ["Koramangala, Bangalore", "Bengaluru"],
    ["Bandra, Bombay", "Mumbai"],
    ["Sector 29, Gurgaon", "Gurugram"],
    ["T Nagar, Madras", "Chennai"],
    ["Park Street, Calcutta", "Kolkata"],
    ["Kothrud, Poona", "Pune"],
    ["Civil Lines, Allahabad", "Prayagraj"],
    ["Alkapuri, Baroda", "Vadodara"],
    ["Fort Kochi, Cochin", "Kochi"],
    ["Lalbagh, Mysore", "Mysuru"],
  ])("%s → city %s", (text, city) => {
    expect(normalizeAddress(text).components.city).toBe(city);
    expect(normalizeAddress(text).signals.statedCity).toBe(city);
  });

  it("ignores NCR when the pincode is in Haryana or Uttar Pradesh", () => {
    expect(normalizeAddress("Sector 62, Noida, Delhi NCR 201301").signals.statedState).toBeNull();
    expect(normalizeAddress("Sector 62, Noida, Delhi NCR 201301").components.state).toBe("Uttar Pradesh");
  });

  it("flags a state or city that contradicts the pincode, tolerating suburbs of the same district", () => {
    const wrongState = normalizeAddress("12 MG Road, Bangalore, Tamil Nadu 560001");
    expect(wrongState.signals.stateMatchesPincode).toBe(false);
    expect(wrongState.signals.cityMatchesPincode).toBe(true);
    expect(normalizeAddress("12, Park Street, Mumbai 700016").signals.cityMatchesPincode).toBe(false);
    expect(normalizeAddress("Vashi, Navi Mumbai 400703").signals.cityMatchesPincode).toBe(true);
    expect(normalizeAddress("Kharghar, Navi Mumbai 410210").signals.cityMatchesPincode).toBe(true);
    expect(normalizeAddress("Madhapur, Secunderabad 500081").signals.cityMatchesPincode).toBe(true);
    expect(normalizeAddress("Connaught Place, Delhi 110001").signals.cityMatchesPincode).toBe(true);
    expect(normalizeAddress("Hoskote, Bangalore 562114").signals.cityMatchesPincode).toBe(true);
    expect(normalizeAddress("12 MG Road, Bangalore 560001").signals.stateMatchesPincode).toBeNull();
    expect(normalizeAddress("12 MG Road, Bangalore").signals.cityMatchesPincode).toBeNull();
  });
});

describe("pincodes and phone numbers", () => {
  it.each(["560038", "560 038", "PIN-560038", "Pin: 560038", "Pincode 560038", "- 560038", "PIN 560 038", "Pin code: 560038", "Bangalore-560038", "Bangalore560038", "(560038)"])(
    "finds the pincode written as %s",
    (spelled) => {
      const r = normalizeAddress(`12, 3rd Cross, Indiranagar, Bangalore ${spelled}`);
      expect(r.signals.pincodeInText).toBe("560038");
      expect(r.components.pincode).toBe("560038");
      expect(r.components.house).toBe("12");
    },
  );

  it.each([
    "+91 98450 12345",
    "+91-9845012345",
    "+919845012345",
    "9845012345",
    "98450 12345",
    "098450 12345",
    "98450-12345",
    "080-2345 6789",
    "080 2345 6789",
    "0124-4567890",
    "Mob: 9845012345",
    "Mobile No. 98450 12345",
    "Ph: 2345 6789",
    "Tel 080-23456789",
    "M: 9845012345",
    "Mobile: +91-9810012345",
    "(+91) 98100 12345",
  ])("drops the phone number %s everywhere", (phone) => {
    for (const text of [`${phone}, 12, MG Road, Bangalore`, `12, MG Road, ${phone}, Bangalore`, `12, MG Road, Bangalore, ${phone}`, `12 MG Road Bangalore ${phone}`]) {
      const r = normalizeAddress(text);
      expect(r.components).toEqual({ ...NONE, house: "12", street: "MG Road", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka" });
      expect(r.normalized).toBe("12, MG Road, Bengaluru, Karnataka");
      expect(r.signals.pincodeInText).toBeNull();
    }
  });

  it("does not take a 6-digit run inside a longer run of digits", () => {
    expect(normalizeAddress("12 MG Road, Bangalore, order 1234560038").signals.pincodeInText).toBeNull();
    expect(normalizeAddress("12 MG Road, Bangalore 5600381").signals.pincodeInText).toBeNull();
    expect(normalizeAddress("12 MG Road, Bangalore 560001, 9845600381").signals.pincodeInText).toBe("560001");
  });

  it("keeps Hyderabad door numbers and Noida sectors out of the pincode", () => {
    const r = normalizeAddress("H.No. 12-3-456/1, Sector 62, Noida");
    expect(r.components.house).toBe("12-3-456/1");
    expect(r.signals.pincodeInText).toBeNull();
    expect(normalizeAddress("123-456, Sector 62, Noida").signals.pincodeInText).toBeNull();
  });

  it("does not read a house number and a road's width as a spaced pincode", () => {
    for (const [input, house] of [
      ["Flat 101 100 Feet Road, Bengaluru", "Flat 101"],
      ["A-101 100 Ft Road, Indiranagar", "A-101"],
    ]) {
      const r = normalizeAddress(input!);
      expect(r.signals.pincodeInText).toBeNull();
      expect(r.components.house).toBe(house);
      expect(r.components.street).toMatch(/^100 (feet|ft) road$/i);
    }
    expect(normalizeAddress("Flat 101, Bengaluru 560 038").signals.pincodeInText).toBe("560038");
  });

  it("reports an unknown pincode but keeps it", () => {
    for (const code of ["999999", "000000"]) {
      const r = normalizeAddress(`45, Lake View Road, Bengaluru ${code}`);
      expect(r.signals.pincodeInText).toBe(code);
      expect(r.signals.pincodeKnown).toBe(false);
      expect(r.pincode).toBeNull();
      // Nothing comes from the directory's entry; the state is the written city's.
      expect(r.components.state).toBe("Karnataka");
      expect(r.signals.statedState).toBeNull();
      expect(r.signals.stateMatchesPincode).toBeNull();
    }
  });
});

describe("junk and edge input", () => {
  it.each(["asdfgh", "test test", "xxxxx", ".....", "qwerty uiop", "12345", "9845012345", "", "   ", "N/A", "aaaa bbbb", "😀😀😀"])("reports %j as junk without crashing", (text) => {
    const r = normalizeAddress(text);
    expect(r.signals.junk).toBe(true);
    expect(r.components.street).toBeNull();
    expect(r.components.locality).toBeNull();
  });

  it("still reads a pincode that comes with junk, and calls a real address not junk", () => {
    const r = normalizeAddress("asdfgh 560038");
    expect(r.signals.junk).toBe(true);
    expect(r.components.city).toBe("Bengaluru");
    expect(normalizeAddress("Koramangala").signals.junk).toBe(false);
    expect(normalizeAddress("मुंबई").signals.junk).toBe(false);
  });

  it("signals a house number only when there is one", () => {
    expect(normalizeAddress("Flat 4B, Whitefield, Bangalore").signals.hasHouseNumber).toBe(true);
    expect(normalizeAddress("Near Forum Mall, Whitefield, Bangalore").signals.hasHouseNumber).toBe(false);
    expect(normalizeAddress("2nd Floor, Whitefield, Bangalore").signals.hasHouseNumber).toBe(false);
  });

  it("treats words that are also JavaScript property names as plain words", () => {
    const r = normalizeAddress("12 Constructor Rd, toString Nagar, __proto__ hasOwnProperty first floor, valueOf");
    expect(r.normalized).not.toMatch(/function|\[object|native code/);
    expect(r.components.street).toBe("Constructor Road");
  });

  it("is total for non-string input reaching it at run time", () => {
    expect(normalizeAddress(undefined as unknown as string).normalized).toBe("");
    expect(normalizeAddress(42 as unknown as string).signals.junk).toBe(true);
  });
});

describe("cities and districts as written (issue 20)", () => {
  it.each([
    // A locality with its own post office stays the locality; the written city stays the city.
    ["Plot 9, Kamla Nagar, Near Water Tank, Agra, Uttar Pradesh 282005", { city: "Agra", district: "Agra", locality: "Kamla Nagar" }],
    // Rural: the post office is the city, the written district stays, its headquarters (Naugarh) does not appear.
    ["Vill. Rampur, P.O. Barhni, Dist. Siddharthnagar, U.P. 272201", { city: "Barhni", district: "Siddharthnagar", locality: "Village Rampur" }],
    ["VPO Mahilpur, Distt Hoshiarpur, Punjab 146105", { city: "Mahilpur", district: "Hoshiarpur" }],
    ["Gram Kyari Teh. Gogunda Dist-Udaipur Raj.", { city: "Kyari", district: "Udaipur", state: "Rajasthan" }],
    ["near sabzi mandi vill. tontari p.o. bari teh. bari dholpur dist. rajasthan-328 021", { city: "Bari", district: "Dholpur", state: "Rajasthan" }],
    ["Vill Rampur, Distt Bareli 243202", { city: "Rampur", district: "Bareilly" }],
    // No pincode: state and district from the places written.
    ["Bareilly Road, Haldwani", { city: "Haldwani", district: "Nainital", state: "Uttarakhand", street: "Bareilly Road" }],
    ["Rajpur Road, Dehradun", { city: "Dehradun", district: "Dehradun", state: "Uttarakhand" }],
    ["Sector 4, Gandhinagr, Gujarat", { city: "Gandhinagar", district: "Gandhinagar", state: "Gujarat" }],
    ["NH 44 Madanmohanpur Purba Medinipur Dist", { city: "Madanmohanpur", district: "Purba Medinipur", state: "West Bengal" }],
    ["13, Mall Road, Near Bus Stand, Vadgaon Budruk, Pune", { city: "Pune", locality: "Vadgaon Budruk" }],
    ["C/O Gurpreet Patel A-89 Link Road Gopichak Purba Medinipur West Bengal", { house: "A-89", city: "Gopichak", district: "Purba Medinipur" }],
  ])("%s", (input, expected) => {
    const r = normalizeAddress(input);
    expect(r.components).toMatchObject(expected);
    // The city is written by the buyer in every case above, so it is in the line.
    expect(r.normalized).toContain(expected.city);
  });

  it("never writes the district's headquarters or the pincode's city when the buyer did not", () => {
    expect(normalizeAddress("Vill. Rampur, P.O. Barhni, Dist. Siddharthnagar, U.P. 272201").normalized).not.toMatch(/Naugarh/);
    expect(normalizeAddress("Near Shiv Mandir, Village Rampur, Distt. Sitapur, UP 261001").normalized).toBe("Near Shiv Mandir, Village Rampur, District Sitapur, Uttar Pradesh 261001");
  });
});
