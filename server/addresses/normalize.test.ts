import { beforeAll, describe, expect, it } from "vitest";
import { normalizationKey, normalizeAddress, preloadPincodeDirectory, type Components } from "./index";

beforeAll(() => {
  preloadPincodeDirectory();
});

const NONE: Components = {
  house: null, building: null, street: null, locality: null, landmark: null, city: null, district: null, state: null, pincode: null,
};

/** Real-looking addresses across states and styles, with every component spelled out (unlisted = null). */
const TABLE: Array<[string, Partial<Components>]> = [
  ["Flat 4B, Prestige Shantiniketan, Whitefield Main Road, Near Forum Mall, Whitefield, Bangalore, KA 560066", { house: "Flat 4B", building: "Prestige Shantiniketan", street: "Whitefield Main Road", locality: "Whitefield", landmark: "Near Forum Mall", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560066" }],
  ["#12, 3rd cross, indiranagar, bangalore 560038", { house: "12", street: "3rd Cross", locality: "Indiranagar", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560038" }],
  ["12 3rd cross indiranagar bangalore ka 560038", { house: "12", street: "3rd Cross", locality: "Indiranagar", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560038" }],
  ["No. 56, 5th Main, 4th Block, Koramangala, Bengaluru 560034", { house: "56", street: "5th Main", locality: "4th Block, Koramangala", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560034" }],
  ["No 14, 2nd Main, HSR Layout Sector 2, Bengaluru 560102", { house: "14", street: "2nd Main", locality: "HSR Layout Sector 2", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560102" }],
  ["Flat G-2, Sai Krupa Apartments, Gandhi Nagar, Bangalore 560009", { house: "Flat G-2", building: "Sai Krupa Apartments", locality: "Gandhi Nagar", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560009" }],
  ["3rd Floor, 21 Residency Road, Bangalore 560025", { house: "21, 3rd Floor", street: "Residency Road", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560025" }],
  ["Jayanagar 4th Block, Bangalore K.A. 560041", { locality: "Jayanagar 4th Block", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560041" }],
  ["Hosakote Taluk, Bangalore Rural, Karnataka 562114", { locality: "Taluk Hosakote", city: "Bengaluru", district: "Bengaluru Rural", state: "Karnataka", pincode: "562114" }],
  ["27, NH 48, Near Toll Plaza, Tumkur, Karnataka 572106", { house: "27", street: "NH 48", landmark: "Near Toll Plaza", city: "Tumakuru", district: "Tumakuru", state: "Karnataka", pincode: "572106" }],
  ["H.No. 8-2-293/82/A, Road No. 12, Banjara Hills, Hyderabad, Telangana 500034", { house: "8-2-293/82/A", street: "Road No. 12", locality: "Banjara Hills", city: "Hyderabad", district: "Hyderabad", state: "Telangana", pincode: "500034" }],
  ["D.No. 12-3-456, Kukatpally, Hyderabad 500072", { house: "12-3-456", locality: "Kukatpally", city: "Hyderabad", district: "Hyderabad", state: "Telangana", pincode: "500072" }],
  ["H.No. 1-2-34, Dilsukhnagar, Hyderabad, TS 500060", { house: "1-2-34", locality: "Dilsukhnagar", city: "Hyderabad", district: "Ranga Reddy", state: "Telangana", pincode: "500060" }],
  ["W/O Ravi Kumar, Door No 3-45, Main Bazar, Vijayawada, AP 520001", { house: "3-45", locality: "Main Bazar", city: "Vijayawada", district: "Krishna", state: "Andhra Pradesh", pincode: "520001" }],
  ["C-45, Sector 62, Noida, UP 201301, Mob: 9845012345", { house: "C-45", locality: "Sector 62", city: "Noida", district: "Gautam Buddha Nagar", state: "Uttar Pradesh", pincode: "201301" }],
  ["Flat 502, Tower B, Ajnara Homes, Sector 16B, Greater Noida West 201306", { house: "Flat 502", building: "Tower B, Ajnara Homes", locality: "Sector 16B", city: "Greater Noida", district: "Gautam Buddha Nagar", state: "Uttar Pradesh", pincode: "201306" }],
  ["Plot No. 23, Sector 29, Gurgaon, Haryana 122001", { house: "Plot 23", locality: "Sector 29", city: "Gurugram", district: "Gurugram", state: "Haryana", pincode: "122001" }],
  ["Tower 5, Flat 1203, DLF Phase 2, Gurugram 122002", { house: "Flat 1203", building: "Tower 5", locality: "DLF Phase 2", city: "Gurugram", district: "Gurugram", state: "Haryana", pincode: "122002" }],
  ["Flat 1A, Block B, Ashiana Apartments, Sector 46, Gurgaon 122003, Ph: 0124-4567890", { house: "Flat 1A", building: "Ashiana Apartments", locality: "Block B, Sector 46", city: "Gurugram", district: "Gurugram", state: "Haryana", pincode: "122003" }],
  ["Gurgaon, Delhi NCR 122018", { city: "Gurugram", district: "Gurugram", state: "Haryana", pincode: "122018" }],
  ["Flat 9, Green Enclave, Sector 5, Panchkula, HR 134109", { house: "Flat 9", building: "Green Enclave", locality: "Sector 5", city: "Panchkula", district: "Panchkula", state: "Haryana", pincode: "134109" }],
  ["House No 45, Gali No 3, Karol Bagh, New Delhi 110005", { house: "45", street: "Gali No. 3", locality: "Karol Bagh", city: "New Delhi", district: "Central Delhi", state: "Delhi", pincode: "110005" }],
  ["B-12, Green Park Extension, New Delhi - 110016", { house: "B-12", locality: "Green Park Extension", city: "New Delhi", district: "South West Delhi", state: "Delhi", pincode: "110016" }],
  ["House 14, Block C, Sector 15, Rohini, Delhi 110085", { house: "14", locality: "Block C, Sector 15, Rohini", city: "Delhi", district: "North West Delhi", state: "Delhi", pincode: "110085" }],
  ["D-45, Mayur Vihar Phase 1, Delhi - 110091", { house: "D-45", locality: "Mayur Vihar Phase 1", city: "Delhi", district: "East Delhi", state: "Delhi", pincode: "110091" }],
  ["12 Ring Road, Lajpat Nagar IV, New Delhi 110024", { house: "12", street: "Ring Road", locality: "Lajpat Nagar IV", city: "New Delhi", district: "South Delhi", state: "Delhi", pincode: "110024" }],
  ["Gali No. 4, Bhajanpura, North East Delhi 110053", { street: "Gali No. 4", locality: "Bhajanpura", city: "Delhi", district: "North East Delhi", state: "Delhi", pincode: "110053" }],
  ["Sector 18, Chandigarh 160018", { locality: "Sector 18", city: "Chandigarh", district: "Chandigarh", state: "Chandigarh", pincode: "160018" }],
  ["Flat 7, Shanti Niwas, 14th Road, Khar West, Bombay 400052", { house: "Flat 7", building: "Shanti Niwas", street: "14th Road", locality: "Khar West", city: "Mumbai", district: "Mumbai", state: "Maharashtra", pincode: "400052" }],
  ["B-204, Sai Darshan CHS, Nehru Road, Vile Parle East, Mumbai 400057", { house: "B-204", building: "Sai Darshan CHS", street: "Nehru Road", locality: "Vile Parle East", city: "Mumbai", district: "Mumbai", state: "Maharashtra", pincode: "400057" }],
  ["Flat 302, Shanti Heights, Near Railway Station, Andheri West, Bombay - 400058, Mob 9820012345", { house: "Flat 302", building: "Shanti Heights", locality: "Andheri West", landmark: "Near Railway Station", city: "Mumbai", district: "Mumbai", state: "Maharashtra", pincode: "400058" }],
  ["12, Bandra West, Bombay 400050, Ph: 022-2640 1234", { house: "12", locality: "Bandra West", city: "Mumbai", district: "Mumbai", state: "Maharashtra", pincode: "400050" }],
  ["Room 12, Boys Hostel, IIT Campus, Powai, Mumbai 400076", { house: "Room 12", building: "Boys Hostel", locality: "IIT Campus, Powai", city: "Mumbai", district: "Mumbai", state: "Maharashtra", pincode: "400076" }],
  ["A-101, Lodha Paradise, Majiwada, Thane West, Thane, Maharashtra 400601", { house: "A-101", building: "Lodha Paradise", locality: "Majiwada, Thane West", city: "Thane", district: "Thane", state: "Maharashtra", pincode: "400601" }],
  ["Plot 14, Sector 17, Vashi, Navi Mumbai 400703", { house: "Plot 14", locality: "Sector 17, Vashi", city: "Navi Mumbai", district: "Thane", state: "Maharashtra", pincode: "400703" }],
  ["Flat 201, Sunshine Apartments, MG Rd, Opp. City Hospital, Pune 411001 +91 98450 12345", { house: "Flat 201", building: "Sunshine Apartments", street: "MG Road", landmark: "Opposite City Hospital", city: "Pune", district: "Pune", state: "Maharashtra", pincode: "411001" }],
  ["Plot 5, Phase 2, Hinjewadi, Poona 411057", { house: "Plot 5", locality: "Phase 2, Hinjewadi", city: "Pune", district: "Pune", state: "Maharashtra", pincode: "411057" }],
  ["12/3, Anna Salai, Teynampet, Madras 600018", { house: "12/3", street: "Anna Salai", locality: "Teynampet", city: "Chennai", district: "Chennai", state: "Tamil Nadu", pincode: "600018" }],
  ["Opp. Ganesh Temple, T. Nagar, Chennai 600017", { locality: "T Nagar", landmark: "Opposite Ganesh Temple", city: "Chennai", district: "Chennai", state: "Tamil Nadu", pincode: "600017" }],
  ["12, Gandhi Street, Madurai, T.N. 625001", { house: "12", street: "Gandhi Street", city: "Madurai", district: "Madurai", state: "Tamil Nadu", pincode: "625001" }],
  ["Door No. 5/120, Gandhi Road, Kanchipuram, Tamil Nadu 631501", { house: "5/120", street: "Gandhi Road", city: "Kanchipuram", district: "Kancheepuram", state: "Tamil Nadu", pincode: "631501" }],
  ["No. 5, Mission Street, Pondicherry 605001", { house: "5", street: "Mission Street", city: "Puducherry", district: "Puducherry", state: "Puducherry", pincode: "605001" }],
  ["44, Park Street, Calcutta 700016", { house: "44", street: "Park Street", city: "Kolkata", district: "Kolkata", state: "West Bengal", pincode: "700016" }],
  ["P-12, Salt Lake Sector V, Kolkata 700091", { house: "P-12", locality: "Salt Lake Sector V", city: "Kolkata", district: "North 24 Parganas", state: "West Bengal", pincode: "700091" }],
  ["Flat 3C, Silver Oak Residency, Kakkanad, Cochin, Kerala 682030", { house: "Flat 3C", building: "Silver Oak Residency", locality: "Kakkanad", city: "Kochi", district: "Ernakulam", state: "Kerala", pincode: "682030" }],
  ["TC 12/345, Pattom, Trivandrum 695004", { house: "TC 12/345", locality: "Pattom", city: "Thiruvananthapuram", district: "Thiruvananthapuram", state: "Kerala", pincode: "695004" }],
  ["Qtr No. 12, Railway Colony, Bhubaneswar, Orissa 751001", { house: "Quarter 12", locality: "Railway Colony", city: "Bhubaneswar", district: "Khordha", state: "Odisha", pincode: "751001" }],
  ["Mall Road, Nainital, Uttaranchal 263001", { street: "Mall Road", city: "Nainital", district: "Nainital", state: "Uttarakhand", pincode: "263001" }],
  ["C/O Anil Sharma, H.No. 221, Ward No. 5, Dehradun, Uttaranchal 248001", { house: "221", locality: "Ward No. 5", city: "Dehradun", district: "Dehradun", state: "Uttarakhand", pincode: "248001" }],
  ["Vill. Rampur, Post Bhojipura, Teh. Sadar, Distt. Bareilly, U.P. - 243202", { locality: "Village Rampur, Post Bhojipura, Tehsil Sadar", city: "Bareilly", district: "Bareilly", state: "Uttar Pradesh", pincode: "243202" }],
  ["Ramesh Kumar S/O Suresh Kumar, Vill Rampur, Post Bhojipura, Distt Bareilly UP 243202", { locality: "Village Rampur, Post Bhojipura", city: "Bareilly", district: "Bareilly", state: "Uttar Pradesh", pincode: "243202" }],
  ["House No. 12, Mohalla Qazi, Najibabad, Distt. Bijnor, UP 246763", { house: "12", locality: "Mohalla Qazi, Najibabad", city: "Bijnor", district: "Bijnor", state: "Uttar Pradesh", pincode: "246763" }],
  ["C/O Rajesh Gupta, 45/2, Lal Bagh, Lucknow, UP 226001", { house: "45/2", locality: "Lal Bagh", city: "Lucknow", district: "Lucknow", state: "Uttar Pradesh", pincode: "226001" }],
  ["Shop No. 4, Sadar Bazar, Agra, Uttar Pradesh 282001", { house: "Shop 4", locality: "Sadar Bazar", city: "Agra", district: "Agra", state: "Uttar Pradesh", pincode: "282001" }],
  ["Vill & Post Kheri, Tehsil Bhiwani, Distt. Bhiwani, Haryana 127021", { locality: "VPO Kheri, Tehsil Bhiwani", city: "Bhiwani", district: "Bhiwani", state: "Haryana", pincode: "127021" }],
  ["VPO Mahilpur, Distt Hoshiarpur, Punjab 146105", { locality: "VPO Mahilpur", city: "Hoshiarpur", district: "Hoshiarpur", state: "Punjab", pincode: "146105" }],
  ["S/O Mohan Lal, Village Dhani, Tehsil Sikar, District Sikar, Rajasthan 332001", { locality: "Village Dhani, Tehsil Sikar", city: "Sikar", district: "Sikar", state: "Rajasthan", pincode: "332001" }],
  ["Plot No 7, Shastri Marg, Civil Lines, Jaipur, Rajasthan 302006", { house: "Plot 7", street: "Shastri Marg", locality: "Civil Lines", city: "Jaipur", district: "Jaipur", state: "Rajasthan", pincode: "302006" }],
  ["Beside Hanuman Temple, Nr. Bus Stand, Vill. Kheda, Tq. Anand, Dist. Anand, Gujarat 388001", { locality: "Village Kheda, Taluk Anand", landmark: "Beside Hanuman Temple, Near Bus Stand", city: "Anand", district: "Anand", state: "Gujarat", pincode: "388001" }],
  ["12, Shivranjani Society, Satellite, Ahmedabad 380015", { house: "12", building: "Shivranjani Society", locality: "Satellite", city: "Ahmedabad", district: "Ahmedabad", state: "Gujarat", pincode: "380015" }],
  ["E-7/45, Arera Colony, Bhopal, M.P. 462016", { house: "E-7/45", locality: "Arera Colony", city: "Bhopal", district: "Bhopal", state: "Madhya Pradesh", pincode: "462016" }],
  ["Near Shiv Mandir, Vill. Sonpur, Po. Sonpur, Dist. Saran, Bihar 841101", { locality: "Village Sonpur, Post Sonpur", landmark: "Near Shiv Mandir", city: "Chapra", district: "Saran", state: "Bihar", pincode: "841101" }],
  ["Opposite SBI, Station Road, Hajipur, Bihar 844101", { street: "Station Road", landmark: "Opposite SBI", city: "Hajipur", district: "Vaishali", state: "Bihar", pincode: "844101" }],
  ["Main Bazaar, Leh, Ladakh 194101", { locality: "Main Bazaar", city: "Leh", district: "Leh", state: "Ladakh", pincode: "194101" }],
  ["Silvassa, Dadra and Nagar Haveli 396230", { city: "Silvassa", district: "Dadra and Nagar Haveli", state: "Dadra and Nagar Haveli and Daman and Diu", pincode: "396230" }],
  ["Aberdeen Bazar, Port Blair, Andaman & Nicobar 744101", { locality: "Aberdeen Bazar", city: "Port Blair", district: "South Andaman", state: "Andaman and Nicobar Islands", pincode: "744101" }],
  ["12, MG Road, Indiranagar, Bangalore", { house: "12", street: "MG Road", locality: "Indiranagar", city: "Bengaluru" }],
  ["45, Lake View Road, Bengaluru 999999", { house: "45", street: "Lake View Road", city: "Bengaluru", pincode: "999999" }],
  ["12 Main Road, Chennai, TN 000000", { house: "12", street: "Main Road", city: "Chennai", state: "Tamil Nadu", pincode: "000000" }],
  ["9845012345 Flat 12, Jayanagar 4th Block, Bangalore 560041", { house: "Flat 12", locality: "Jayanagar 4th Block", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560041" }],
  ["Flat 12, MG Road, Bangalore 560001, 098450 12345", { house: "Flat 12", street: "MG Road", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560001" }],
  ["12, MG Road, Bangalore 560001, 9845600381", { house: "12", street: "MG Road", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560001" }],
  ["Jayanagar, Bangalore, Pin: 560041", { locality: "Jayanagar", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560041" }],
  ["Pincode 400050, Bandra West, Mumbai", { locality: "Bandra West", city: "Mumbai", district: "Mumbai", state: "Maharashtra", pincode: "400050" }],
  ["Indiranagar, Bengaluru, PIN-560038", { locality: "Indiranagar", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560038" }],
  ["12 MG Road, Bangalore, Tamil Nadu 560001", { house: "12", street: "MG Road", city: "Bengaluru", district: "Bengaluru Urban", state: "Tamil Nadu", pincode: "560001" }],
  ["12, Park Street, Mumbai 700016", { house: "12", street: "Park Street", city: "Mumbai", district: "Kolkata", state: "West Bengal", pincode: "700016" }],
  ["Andheri (East), Mumbai 400069", { locality: "Andheri East", city: "Mumbai", district: "Mumbai", state: "Maharashtra", pincode: "400069" }],
  ["Flat No. 301, A Wing, Sunflower CHS, Sector 17, Kharghar, Navi Mumbai, Maharashtra - 410210", { house: "Flat 301", building: "A Wing, Sunflower CHS", locality: "Sector 17, Kharghar", city: "Navi Mumbai", district: "Raigad", state: "Maharashtra", pincode: "410210" }],
  ["No.12, 1st Floor, 4th Cross, Malleshwaram, Bangalore-560003", { house: "12, 1st Floor", street: "4th Cross", locality: "Malleshwaram", city: "Bengaluru", district: "Bengaluru Urban", state: "Karnataka", pincode: "560003" }],
  ["Kerala House, Jantar Mantar Road, New Delhi 110001", { building: "Kerala House", street: "Jantar Mantar Road", city: "New Delhi", district: "Central Delhi", state: "Delhi", pincode: "110001" }],
  ["B-3/45, Paschim Vihar, New Delhi-110063, Mobile: +91-9810012345", { house: "B-3/45", locality: "Paschim Vihar", city: "New Delhi", district: "West Delhi", state: "Delhi", pincode: "110063" }],
];

describe("normalizeAddress: address table", () => {
  it.each(TABLE)("%s", (input, expected) => {
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
    expect(normalizeAddress("Opp. City Hospital, Flat 201, MG Rd, Pune 411001").normalized).toBe(
      "Flat 201, MG Road, Opposite City Hospital, Pune, Maharashtra 411001",
    );
    expect(normalizeAddress("H NO 12 GALI NO 3 KAROL BAGH NEW DELHI 110005").normalized).toBe(
      "12, Gali No. 3, Karol Bagh, New Delhi, Delhi 110005",
    );
  });

  it("fills city, state and (when not written) leaves the district out of the line", () => {
    const r = normalizeAddress("12, 3rd Cross, Indiranagar 560038");
    expect(r.normalized).toBe("12, 3rd Cross, Indiranagar, Bengaluru, Karnataka 560038");
    expect(r.components.district).toBe("Bengaluru Urban");
    expect(r.signals.statedCity).toBeNull();
    expect(r.signals.statedState).toBeNull();
  });

  it("keeps a written district that differs from the pincode's", () => {
    expect(normalizeAddress("Gali No. 4, Bhajanpura, North East Delhi 110053").normalized).toBe(
      "Gali No. 4, Bhajanpura, District North East Delhi, Delhi 110053",
    );
  });

  it("leaves recipients (S/O, C/O, W/O, D/O) out of the normalized line and the components", () => {
    for (const text of [
      "S/O Ramesh Kumar, Vill Rampur, Post Bhojipura, Distt Bareilly UP 243202",
      "Suresh Kumar S/O Ramesh Kumar, Vill Rampur, Post Bhojipura, Distt Bareilly UP 243202",
      "C/O Ramesh Kumar, Vill Rampur, Post Bhojipura, Distt Bareilly UP 243202",
      "Vill Rampur, W/O Ramesh Kumar, Post Bhojipura, Distt Bareilly UP 243202",
      "D/O Ramesh Kumar Vill Rampur Post Bhojipura Distt Bareilly UP 243202",
    ]) {
      const r = normalizeAddress(text);
      expect(r.normalized).toBe("Village Rampur, Post Bhojipura, Bareilly, Uttar Pradesh 243202");
      expect(JSON.stringify(r.components)).not.toMatch(/Ramesh|Suresh|Kumar/);
    }
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
  it.each([
    "560038", "560 038", "PIN-560038", "Pin: 560038", "Pincode 560038", "- 560038", "PIN 560 038", "Pin code: 560038",
    "Bangalore-560038", "Bangalore560038", "(560038)",
  ])("finds the pincode written as %s", (spelled) => {
    const r = normalizeAddress(`12, 3rd Cross, Indiranagar, Bangalore ${spelled}`);
    expect(r.signals.pincodeInText).toBe("560038");
    expect(r.components.pincode).toBe("560038");
    expect(r.components.house).toBe("12");
  });

  it.each([
    "+91 98450 12345", "+91-9845012345", "+919845012345", "9845012345", "98450 12345", "098450 12345", "98450-12345",
    "080-2345 6789", "080 2345 6789", "0124-4567890", "Mob: 9845012345", "Mobile No. 98450 12345", "Ph: 2345 6789",
    "Tel 080-23456789", "M: 9845012345", "Mobile: +91-9810012345", "(+91) 98100 12345",
  ])("drops the phone number %s everywhere", (phone) => {
    for (const text of [`${phone}, 12, MG Road, Bangalore`, `12, MG Road, ${phone}, Bangalore`, `12, MG Road, Bangalore, ${phone}`, `12 MG Road Bangalore ${phone}`]) {
      const r = normalizeAddress(text);
      expect(r.components).toEqual({ ...NONE, house: "12", street: "MG Road", city: "Bengaluru" });
      expect(r.normalized).toBe("12, MG Road, Bengaluru");
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

  it("reports an unknown pincode but keeps it", () => {
    for (const code of ["999999", "000000"]) {
      const r = normalizeAddress(`45, Lake View Road, Bengaluru ${code}`);
      expect(r.signals.pincodeInText).toBe(code);
      expect(r.signals.pincodeKnown).toBe(false);
      expect(r.pincode).toBeNull();
      expect(r.components.state).toBeNull();
      expect(r.signals.stateMatchesPincode).toBeNull();
    }
  });
});

describe("junk and edge input", () => {
  it.each(["asdfgh", "test test", "xxxxx", ".....", "qwerty uiop", "12345", "9845012345", "", "   ", "N/A", "aaaa bbbb", "😀😀😀"])(
    "reports %j as junk without crashing",
    (text) => {
      const r = normalizeAddress(text);
      expect(r.signals.junk).toBe(true);
      expect(r.components.street).toBeNull();
      expect(r.components.locality).toBeNull();
    },
  );

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
