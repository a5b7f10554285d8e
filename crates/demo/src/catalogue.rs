//! The demo catalogue seeded on first run: believable sellers and used books.
//!
//! Everything here is plain `const` data so seeding is deterministic: the same
//! three sellers and the same books (in the same order) every time.
//!
//! Titles and authors are written the way sellers here type them. English books
//! are in English. About a third of the books, all of them Bangla works, are
//! listed in Bengali script (NFC, as Bengali keyboards produce it), and the other
//! Bangla works keep their usual romanized spelling. Both kinds are needed so the
//! demo shows search across scripts in both directions: a Bengali-script query
//! must find a romanized listing, and Banglish must find a Bengali-script one.
//! Descriptions stay in English. Covers draw Bengali titles with a Bengali
//! fallback font (see [`crate::cover`]).

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DemoStatus {
    Available,
    Pending,
    Sold,
}

#[derive(Debug, Clone, Copy)]
pub struct DemoSeller {
    /// Stable key the books refer to.
    pub key: &'static str,
    pub name: &'static str,
    pub email: &'static str,
    pub verified: bool,
}

#[derive(Debug, Clone, Copy)]
pub struct DemoBook {
    pub title: &'static str,
    pub author: &'static str,
    /// One of CATEGORIES, exactly.
    pub category: &'static str,
    pub description: &'static str,
    pub publish_year: Option<i32>,
    /// 0.0..=5.0, one decimal.
    pub ratings: f64,
    pub reviews: i32,
    /// Whole taka, >= 1; original_price > resale_price.
    pub original_price: i32,
    pub resale_price: i32,
    /// A DemoSeller key.
    pub seller: &'static str,
    /// Where the buyer meets the seller, e.g. "Dhanmondi, Dhaka".
    pub location: &'static str,
    /// Bangladeshi mobile format "01XXXXXXXXX" (11 digits). Use the seller's number consistently.
    pub phone: &'static str,
    pub status: DemoStatus,
    pub advertised: bool,
}

const BANGLA_LIT: &str = "Bangla Literature";
const ENGLISH_CLASSICS: &str = "English Classics";
const TEXTBOOKS: &str = "Textbooks";
const ADMISSION: &str = "Admission & Competitive Exams";
const CHILDREN: &str = "Children's Books";
const ISLAMIC: &str = "Islamic Books";
const SCIENCE: &str = "Science & Technology";
const HISTORY: &str = "History & Politics";
const THRILLERS: &str = "Thrillers & Mysteries";
const POETRY: &str = "Poetry";

pub const CATEGORIES: &[&str] =
    &[BANGLA_LIT, ENGLISH_CLASSICS, TEXTBOOKS, ADMISSION, CHILDREN, ISLAMIC, SCIENCE, HISTORY, THRILLERS, POETRY];

// Each seller's own mobile number, used on every one of their listings.
// Rahim sells around Dhaka, Nusrat around Chattogram, Tanvir around Rajshahi.
const RAHIM_PHONE: &str = "01715384926";
const NUSRAT_PHONE: &str = "01819462073";
const TANVIR_PHONE: &str = "01553718240";

pub const SELLERS: &[DemoSeller] = &[
    DemoSeller { key: "rahim", name: "Rahim Uddin", email: "rahim@puronoboi.test", verified: true },
    DemoSeller { key: "nusrat", name: "Nusrat Jahan", email: "nusrat@puronoboi.test", verified: true },
    DemoSeller { key: "tanvir", name: "Tanvir Ahmed", email: "tanvir@puronoboi.test", verified: false },
];

pub const BOOKS: &[DemoBook] = &[
    // --- Bangla Literature ---
    DemoBook {
        title: "Pather Panchali",
        author: "Bibhutibhushan Bandyopadhyay",
        category: BANGLA_LIT,
        description: "Apu and Durga's childhood in the village of Nischindipur, the novel Satyajit Ray turned into his first film. Mitra & Ghosh hardcover; pages slightly yellowed but no markings inside.",
        publish_year: Some(2016),
        ratings: 4.8,
        reviews: 312,
        original_price: 450,
        resale_price: 250,
        seller: "rahim",
        location: "Nilkhet, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: true,
    },
    DemoBook {
        title: "দেবদাস",
        author: "শরৎচন্দ্র চট্টোপাধ্যায়",
        category: BANGLA_LIT,
        description: "Sarat Chandra's short, heartbreaking novel of Devdas, Paro and Chandramukhi. Paperback with a small crease on the back cover; the text block is clean.",
        publish_year: Some(2011),
        ratings: 4.4,
        reviews: 198,
        original_price: 250,
        resale_price: 120,
        seller: "nusrat",
        location: "GEC Circle, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Pending,
        advertised: false,
    },
    DemoBook {
        title: "লালসালু",
        author: "সৈয়দ ওয়ালীউল্লাহ",
        category: BANGLA_LIT,
        description: "Majid's fake shrine and the grip of superstition on a village, a classic of Bangladeshi fiction and still on the HSC syllabus. A few pencil underlines in the first chapter, otherwise like new.",
        publish_year: Some(2018),
        ratings: 4.5,
        reviews: 226,
        original_price: 200,
        resale_price: 110,
        seller: "rahim",
        location: "Dhanmondi, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "পদ্মানদীর মাঝি",
        author: "মানিক বন্দ্যোপাধ্যায়",
        category: BANGLA_LIT,
        description: "Kuber and the fishermen of Ketupur living and dying by the Padma. Read once; the cover has faded a little from sunlight but the binding is tight.",
        publish_year: Some(2014),
        ratings: 4.6,
        reviews: 187,
        original_price: 300,
        resale_price: 150,
        seller: "tanvir",
        location: "Shaheb Bazar, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Mayurakshi",
        author: "Humayun Ahmed",
        category: BANGLA_LIT,
        description: "The first Himu novel: yellow panjabi, bare feet and the river Mayurakshi that flows only in his head. Anyaprokash edition in very good condition, no torn pages.",
        publish_year: Some(2019),
        ratings: 4.7,
        reviews: 421,
        original_price: 220,
        resale_price: 140,
        seller: "nusrat",
        location: "Chawkbazar, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: true,
    },
    DemoBook {
        title: "হিমুর হাতে কয়েকটি নীলপদ্ম",
        author: "হুমায়ূন আহমেদ",
        category: BANGLA_LIT,
        description: "Himu wanders through Dhaka with a handful of blue lotuses and, as always, a plan nobody else understands. Clean copy; the previous owner's name is written on the first page.",
        publish_year: Some(2017),
        ratings: 4.6,
        reviews: 356,
        original_price: 250,
        resale_price: 150,
        seller: "rahim",
        location: "Mirpur 10, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "হাজার বছর ধরে",
        author: "জহির রায়হান",
        category: BANGLA_LIT,
        description: "Zahir Raihan's short novel about one village household where life has not changed for a thousand years. Slim paperback, corners a bit soft, pages clean.",
        publish_year: Some(2015),
        ratings: 4.3,
        reviews: 142,
        original_price: 180,
        resale_price: 90,
        seller: "nusrat",
        location: "Agrabad, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "শ্রীকান্ত",
        author: "শরৎচন্দ্র চট্টোপাধ্যায়",
        category: BANGLA_LIT,
        description: "All four parts of Srikanta's wandering, half-autobiographical story in one thick volume. Older reprint with no printing date; the spine is worn and a few pages have tea stains, but nothing is missing.",
        publish_year: None,
        ratings: 4.2,
        reviews: 96,
        original_price: 400,
        resale_price: 180,
        seller: "tanvir",
        location: "Binodpur, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    // --- English Classics ---
    DemoBook {
        title: "Pride and Prejudice",
        author: "Jane Austen",
        category: ENGLISH_CLASSICS,
        description: "Elizabeth Bennet, Mr Darcy and the most quoted first line in English fiction. Penguin Classics paperback with introduction and notes; light reading creases on the spine.",
        publish_year: Some(2003),
        ratings: 4.8,
        reviews: 467,
        original_price: 450,
        resale_price: 270,
        seller: "nusrat",
        location: "GEC Circle, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: true,
    },
    DemoBook {
        title: "Great Expectations",
        author: "Charles Dickens",
        category: ENGLISH_CLASSICS,
        description: "Pip, Miss Havisham and the convict on the marshes. Oxford World's Classics edition; some highlighting in the early chapters from a university course.",
        publish_year: Some(2008),
        ratings: 4.4,
        reviews: 203,
        original_price: 420,
        resale_price: 200,
        seller: "rahim",
        location: "Nilkhet, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Nineteen Eighty-Four",
        author: "George Orwell",
        category: ENGLISH_CLASSICS,
        description: "Winston Smith, the Party and Big Brother. Penguin Modern Classics paperback, read twice but still in good shape.",
        publish_year: Some(2013),
        ratings: 4.7,
        reviews: 389,
        original_price: 380,
        resale_price: 220,
        seller: "tanvir",
        location: "Shaheb Bazar, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Sold,
        advertised: false,
    },
    DemoBook {
        title: "Jane Eyre",
        author: "Charlotte Bronte",
        category: ENGLISH_CLASSICS,
        description: "An orphan governess, Thornfield Hall and Mr Rochester's secret. Wordsworth Classics edition, clean inside, with a small bookshop sticker on the back.",
        publish_year: Some(2006),
        ratings: 4.5,
        reviews: 176,
        original_price: 400,
        resale_price: 220,
        seller: "nusrat",
        location: "Chawkbazar, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Wuthering Heights",
        author: "Emily Bronte",
        category: ENGLISH_CLASSICS,
        description: "Heathcliff and Catherine on the Yorkshire moors, a wild and stormy love story. Cover edges slightly curled; no writing inside.",
        publish_year: Some(2012),
        ratings: 4.1,
        reviews: 131,
        original_price: 350,
        resale_price: 180,
        seller: "rahim",
        location: "Dhanmondi, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Animal Farm",
        author: "George Orwell",
        category: ENGLISH_CLASSICS,
        description: "Orwell's fable of the animals who overthrow Mr Jones, and the pigs who take his place. Thin paperback in good condition, with a few pencil notes that can be erased.",
        publish_year: Some(2010),
        ratings: 4.6,
        reviews: 298,
        original_price: 220,
        resale_price: 120,
        seller: "tanvir",
        location: "Binodpur, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Tess of the d'Urbervilles",
        author: "Thomas Hardy",
        category: ENGLISH_CLASSICS,
        description: "Hardy's tragedy of Tess Durbeyfield in rural Wessex. Penguin edition with yellowed pages; the binding is firm and nothing is marked.",
        publish_year: Some(2005),
        ratings: 3.9,
        reviews: 87,
        original_price: 380,
        resale_price: 170,
        seller: "nusrat",
        location: "Agrabad, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    // --- Textbooks ---
    DemoBook {
        title: "Higher Secondary Physics 1st Paper",
        author: "Dr. Shahjahan Tapan",
        category: TEXTBOOKS,
        description: "The standard HSC physics book: vectors, Newtonian mechanics, work and energy, gravitation and more. Current NCTB syllabus edition; important formulas are neatly highlighted.",
        publish_year: Some(2023),
        ratings: 4.7,
        reviews: 264,
        original_price: 480,
        resale_price: 280,
        seller: "rahim",
        location: "Nilkhet, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Pending,
        advertised: false,
    },
    DemoBook {
        title: "Higher Secondary Physics 2nd Paper",
        author: "Dr. Shahjahan Tapan",
        category: TEXTBOOKS,
        description: "Thermodynamics, current electricity, modern physics and semiconductors for HSC science students. Used for one year only; the cover is laminated and no pages are missing.",
        publish_year: Some(2023),
        ratings: 4.6,
        reviews: 231,
        original_price: 480,
        resale_price: 260,
        seller: "rahim",
        location: "Nilkhet, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "HSC Chemistry 1st Paper",
        author: "Hajari & Nag",
        category: TEXTBOOKS,
        description: "Lab safety, qualitative analysis, periodic properties and chemical bonding, with plenty of creative questions. Some answers worked in pencil in the margins; otherwise clean.",
        publish_year: Some(2022),
        ratings: 4.5,
        reviews: 198,
        original_price: 520,
        resale_price: 300,
        seller: "tanvir",
        location: "Binodpur, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: true,
    },
    DemoBook {
        title: "HSC Biology 1st Paper",
        author: "Dr. Mohammad Abul Hasan",
        category: TEXTBOOKS,
        description: "Botany for HSC: cells, plant tissues, photosynthesis and respiration, with clear diagrams. The previous owner labelled several diagrams in the margin, which actually helps.",
        publish_year: Some(2022),
        ratings: 4.4,
        reviews: 154,
        original_price: 500,
        resale_price: 260,
        seller: "nusrat",
        location: "Chawkbazar, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Higher Mathematics 1st Paper",
        author: "S. U. Ahmed",
        category: TEXTBOOKS,
        description: "Matrices, straight lines, circles, trigonometry and functions with hundreds of worked examples. The spine has been taped; all pages are present and readable.",
        publish_year: Some(2021),
        ratings: 4.3,
        reviews: 117,
        original_price: 420,
        resale_price: 200,
        seller: "tanvir",
        location: "Shaheb Bazar, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Intermediate Accounting",
        author: "Kieso, Weygandt & Warfield",
        category: TEXTBOOKS,
        description: "17th edition local print, used in BBA financial accounting courses. Highlighting in chapters 1 to 6, the rest is untouched; a heavy book in solid condition.",
        publish_year: Some(2019),
        ratings: 4.5,
        reviews: 88,
        original_price: 1400,
        resale_price: 700,
        seller: "rahim",
        location: "Dhanmondi, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Principles of Economics",
        author: "N. Gregory Mankiw",
        category: TEXTBOOKS,
        description: "Mankiw's introductory economics text, 8th edition, used for first-year courses at most universities. Light pencil notes on a few pages and a bent front corner.",
        publish_year: Some(2018),
        ratings: 4.4,
        reviews: 102,
        original_price: 950,
        resale_price: 450,
        seller: "nusrat",
        location: "GEC Circle, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    // --- Admission & Competitive Exams ---
    DemoBook {
        title: "Professor's BCS Preliminary Digest",
        author: "Professor's Editorial Panel",
        category: ADMISSION,
        description: "Complete preparation for the BCS preliminary: Bangla, English, maths, mental ability and general knowledge, with past questions. Latest edition, bought this year and barely used.",
        publish_year: Some(2024),
        ratings: 4.2,
        reviews: 143,
        original_price: 850,
        resale_price: 450,
        seller: "rahim",
        location: "Nilkhet, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: true,
    },
    DemoBook {
        title: "Oracle BCS Written Guide",
        author: "Oracle Editorial Board",
        category: ADMISSION,
        description: "Written-exam guide with model answers on Bangladesh affairs, international affairs and general science. A few pages dog-eared and important topics ticked in pen.",
        publish_year: Some(2023),
        ratings: 3.7,
        reviews: 76,
        original_price: 780,
        resale_price: 350,
        seller: "tanvir",
        location: "Binodpur, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Varsity 'Ka' Unit Question Bank",
        author: "Udvash Academic Team",
        category: ADMISSION,
        description: "Solved Dhaka University science unit questions from the last fifteen years, with explanations. Some answers circled in pencil; the cover has a small tear at the top.",
        publish_year: Some(2023),
        ratings: 4.3,
        reviews: 121,
        original_price: 650,
        resale_price: 350,
        seller: "nusrat",
        location: "Chawkbazar, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Retina Medical Admission Guide",
        author: "Retina Academic Team",
        category: ADMISSION,
        description: "Biology, chemistry, physics and general knowledge for the MBBS/BDS admission test, with previous years' questions. Two volumes sold together; volume one has highlighting.",
        publish_year: Some(2022),
        ratings: 3.5,
        reviews: 94,
        original_price: 900,
        resale_price: 400,
        seller: "rahim",
        location: "Mirpur 10, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Saifur's Vocabulary",
        author: "Saifur Rahman Khan",
        category: ADMISSION,
        description: "The vocabulary book almost every admission and job candidate works through, with a memory trick for each word. Good condition; a few words marked with a star.",
        publish_year: Some(2020),
        ratings: 4.6,
        reviews: 248,
        original_price: 550,
        resale_price: 300,
        seller: "tanvir",
        location: "Shaheb Bazar, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Sold,
        advertised: false,
    },
    DemoBook {
        title: "Cambridge IELTS 15 Academic",
        author: "Cambridge Assessment English",
        category: ADMISSION,
        description: "Four authentic Academic tests with answer keys and listening transcripts. I wrote answers on separate paper, so the test pages are clean; the audio is available online.",
        publish_year: Some(2020),
        ratings: 4.5,
        reviews: 137,
        original_price: 450,
        resale_price: 220,
        seller: "nusrat",
        location: "GEC Circle, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Barron's GRE",
        author: "Sharon Weiner Green & Ira K. Wolf",
        category: ADMISSION,
        description: "Strategies, word lists and practice tests for the GRE. Local reprint with no printing year; the word-list pages are heavily marked.",
        publish_year: None,
        ratings: 3.9,
        reviews: 7,
        original_price: 1200,
        resale_price: 500,
        seller: "rahim",
        location: "Dhanmondi, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    // --- Children's Books ---
    DemoBook {
        title: "ঠাকুরমার ঝুলি",
        author: "দক্ষিণারঞ্জন মিত্র মজুমদার",
        category: CHILDREN,
        description: "Grandmother's bag of Bengali fairy tales: Lalkamal Nilkamal, Kiranmala and the rakkhosh. Illustrated hardcover with the original drawings; one crayon mark on the inside cover.",
        publish_year: None,
        ratings: 4.8,
        reviews: 276,
        original_price: 350,
        resale_price: 200,
        seller: "nusrat",
        location: "Agrabad, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: true,
    },
    DemoBook {
        title: "Tuntunir Boi",
        author: "Upendrakishore Ray Chowdhury",
        category: CHILDREN,
        description: "Short, funny animal stories of the clever tailorbird, the cat and the foolish tiger, perfect for reading aloud. Pages are clean; the cover is slightly scuffed.",
        publish_year: Some(2012),
        ratings: 4.7,
        reviews: 189,
        original_price: 200,
        resale_price: 120,
        seller: "rahim",
        location: "Mirpur 10, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "আবোল তাবোল",
        author: "সুকুমার রায়",
        category: CHILDREN,
        description: "Sukumar Ray's nonsense rhymes with his own drawings, loved by children and grown-ups alike. Nearly new copy that has only been kept on a shelf.",
        publish_year: Some(2016),
        ratings: 4.9,
        reviews: 302,
        original_price: 180,
        resale_price: 110,
        seller: "tanvir",
        location: "Binodpur, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Harry Potter and the Philosopher's Stone",
        author: "J. K. Rowling",
        category: CHILDREN,
        description: "The first Harry Potter book, Bloomsbury paperback. Well loved: the spine has reading lines, but all pages are intact and unmarked.",
        publish_year: Some(2014),
        ratings: 4.9,
        reviews: 478,
        original_price: 650,
        resale_price: 400,
        seller: "nusrat",
        location: "GEC Circle, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Pending,
        advertised: false,
    },
    DemoBook {
        title: "হাসিখুশি",
        author: "যোগীন্দ্রনাথ সরকার",
        category: CHILDREN,
        description: "The classic Bangla alphabet primer with a rhyme and a picture for every letter. A few pages coloured in by my son; the binding is fine.",
        publish_year: None,
        ratings: 4.5,
        reviews: 84,
        original_price: 150,
        resale_price: 70,
        seller: "rahim",
        location: "Nilkhet, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "The Little Prince",
        author: "Antoine de Saint-Exupery",
        category: CHILDREN,
        description: "The little prince from asteroid B-612, his rose, and the fox who explains what is essential. Colour-illustrated paperback with no marks.",
        publish_year: Some(2018),
        ratings: 4.6,
        reviews: 211,
        original_price: 300,
        resale_price: 180,
        seller: "tanvir",
        location: "Shaheb Bazar, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "চাঁদের পাহাড়",
        author: "বিভূতিভূষণ বন্দ্যোপাধ্যায়",
        category: CHILDREN,
        description: "Shankar's adventure across Africa in search of a diamond mine and the Mountains of the Moon. The cover has a coffee ring; inside pages are clean.",
        publish_year: Some(2013),
        ratings: 4.7,
        reviews: 233,
        original_price: 250,
        resale_price: 150,
        seller: "rahim",
        location: "Dhanmondi, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    // --- Islamic Books ---
    DemoBook {
        title: "The Sealed Nectar",
        author: "Safiur Rahman Mubarakpuri",
        category: ISLAMIC,
        description: "The award-winning biography of the Prophet (peace be upon him), Darussalam English edition. Hardcover in excellent condition, kept in a glass cupboard.",
        publish_year: Some(2011),
        ratings: 4.9,
        reviews: 342,
        original_price: 900,
        resale_price: 550,
        seller: "nusrat",
        location: "Agrabad, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Riyad as-Salihin",
        author: "Imam An-Nawawi",
        category: ISLAMIC,
        description: "Imam Nawawi's collection of hadith on manners, worship and character, Bangla translation with the Arabic text. Two-volume set; covers lightly worn, pages clean.",
        publish_year: None,
        ratings: 4.9,
        reviews: 264,
        original_price: 1200,
        resale_price: 700,
        seller: "rahim",
        location: "Dhanmondi, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Fortress of the Muslim",
        author: "Said bin Ali bin Wahf Al-Qahtani",
        category: ISLAMIC,
        description: "Pocket-size Hisnul Muslim with daily duas in Arabic, transliteration and meaning. Small enough for a shirt pocket and in good condition.",
        publish_year: Some(2016),
        ratings: 4.8,
        reviews: 189,
        original_price: 150,
        resale_price: 90,
        seller: "tanvir",
        location: "Binodpur, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Tafsir Ibn Kathir (Abridged) Vol. 1",
        author: "Ibn Kathir",
        category: ISLAMIC,
        description: "Volume one of the abridged English tafsir, covering Al-Fatihah and the start of Al-Baqarah. Heavy hardcover; the dust jacket is torn but the book itself is perfect.",
        publish_year: Some(2003),
        ratings: 4.8,
        reviews: 97,
        original_price: 1500,
        resale_price: 900,
        seller: "rahim",
        location: "Mirpur 10, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "প্যারাডক্সিক্যাল সাজিদ",
        author: "আরিফ আজাদ",
        category: ISLAMIC,
        description: "Short conversational chapters in which Sajid answers common arguments against faith. Read once and looks new, apart from a name on the first page.",
        publish_year: Some(2018),
        ratings: 4.7,
        reviews: 455,
        original_price: 320,
        resale_price: 180,
        seller: "nusrat",
        location: "Chawkbazar, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: true,
    },
    DemoBook {
        title: "বেলা ফুরাবার আগে",
        author: "আরিফ আজাদ",
        category: ISLAMIC,
        description: "Short reflective essays reminding young readers to make good use of their time before the day ends. Very good condition, no underlining.",
        publish_year: Some(2020),
        ratings: 4.6,
        reviews: 301,
        original_price: 300,
        resale_price: 170,
        seller: "tanvir",
        location: "Shaheb Bazar, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Don't Be Sad",
        author: "Aaidh ibn Abdullah al-Qarni",
        category: ISLAMIC,
        description: "La Tahzan in English: gentle advice from the Quran, hadith and poetry for anxious days. Spine slightly creased, no markings inside.",
        publish_year: Some(2015),
        ratings: 4.7,
        reviews: 228,
        original_price: 750,
        resale_price: 420,
        seller: "rahim",
        location: "Nilkhet, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Pending,
        advertised: false,
    },
    // --- Science & Technology ---
    DemoBook {
        title: "A Brief History of Time",
        author: "Stephen Hawking",
        category: SCIENCE,
        description: "Hawking's classic on the big bang, black holes and the nature of time, written for readers without maths. Bantam paperback with slightly yellowed pages, no marks.",
        publish_year: Some(2011),
        ratings: 4.7,
        reviews: 392,
        original_price: 550,
        resale_price: 320,
        seller: "tanvir",
        location: "Binodpur, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: true,
    },
    DemoBook {
        title: "Cosmos",
        author: "Carl Sagan",
        category: SCIENCE,
        description: "Sagan's tour of the universe and of the history of science, the book behind the TV series. Ballantine paperback; the cover corners are rubbed.",
        publish_year: Some(2013),
        ratings: 4.8,
        reviews: 214,
        original_price: 700,
        resale_price: 400,
        seller: "nusrat",
        location: "GEC Circle, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "The Selfish Gene",
        author: "Richard Dawkins",
        category: SCIENCE,
        description: "Dawkins explains evolution from the gene's point of view and introduces the idea of the meme. 40th anniversary edition; a few passages underlined in pencil.",
        publish_year: Some(2016),
        ratings: 4.4,
        reviews: 158,
        original_price: 650,
        resale_price: 300,
        seller: "rahim",
        location: "Dhanmondi, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "The Gene: An Intimate History",
        author: "Siddhartha Mukherjee",
        category: SCIENCE,
        description: "From Mendel's peas to gene editing, told through history and the author's own family story. Vintage paperback in like-new condition.",
        publish_year: Some(2017),
        ratings: 4.6,
        reviews: 126,
        original_price: 850,
        resale_price: 450,
        seller: "nusrat",
        location: "Agrabad, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Clean Code",
        author: "Robert C. Martin",
        category: SCIENCE,
        description: "Uncle Bob's guide to writing readable, maintainable code, with lots of Java examples. Local print; some code listings highlighted and the cover is slightly bent.",
        publish_year: Some(2009),
        ratings: 4.5,
        reviews: 187,
        original_price: 1100,
        resale_price: 600,
        seller: "tanvir",
        location: "Shaheb Bazar, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Introduction to Algorithms",
        author: "Cormen, Leiserson, Rivest & Stein",
        category: SCIENCE,
        description: "CLRS third edition, the standard algorithms text for CSE courses. Thick local print; the sorting and graph chapters are annotated, but the binding still holds.",
        publish_year: Some(2010),
        ratings: 4.7,
        reviews: 143,
        original_price: 1500,
        resale_price: 750,
        seller: "rahim",
        location: "Nilkhet, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Computer Networking: A Top-Down Approach",
        author: "James F. Kurose & Keith W. Ross",
        category: SCIENCE,
        description: "Seventh edition, from the application layer down to the link layer, with Wireshark labs. Used for one semester; notes on a few pages.",
        publish_year: Some(2017),
        ratings: 4.1,
        reviews: 71,
        original_price: 1000,
        resale_price: 450,
        seller: "tanvir",
        location: "Binodpur, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    // --- History & Politics ---
    DemoBook {
        title: "The Unfinished Memoirs",
        author: "Sheikh Mujibur Rahman",
        category: HISTORY,
        description: "Bangabandhu's own account of his early life and politics up to 1955, written in jail and translated by Fakrul Alam. UPL hardcover with dust jacket, in very good condition.",
        publish_year: Some(2012),
        ratings: 4.8,
        reviews: 367,
        original_price: 800,
        resale_price: 500,
        seller: "rahim",
        location: "Dhanmondi, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: true,
    },
    DemoBook {
        title: "আমার দেখা রাজনীতির পঞ্চাশ বছর",
        author: "আবুল মনসুর আহমদ",
        category: HISTORY,
        description: "Fifty years of Bengal politics seen from the inside, told by a journalist-politician with a sharp sense of humour. Khoshroz Kitab Mahal edition; pages yellowed, a few loose but all present.",
        publish_year: Some(1999),
        ratings: 4.7,
        reviews: 132,
        original_price: 700,
        resale_price: 400,
        seller: "nusrat",
        location: "GEC Circle, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "একাত্তরের দিনগুলি",
        author: "জাহানারা ইমাম",
        category: HISTORY,
        description: "Jahanara Imam's diary of 1971 in occupied Dhaka and of her son Rumi, who joined the guerrillas. Sandhani edition, clean and unmarked.",
        publish_year: Some(2018),
        ratings: 4.9,
        reviews: 398,
        original_price: 400,
        resale_price: 240,
        seller: "tanvir",
        location: "Shaheb Bazar, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Muldhara '71",
        author: "Moyeedul Hasan",
        category: HISTORY,
        description: "An insider's account of the Mujibnagar government and the politics of the Liberation War. UPL paperback with light pencil notes, otherwise good.",
        publish_year: Some(2008),
        ratings: 4.5,
        reviews: 14,
        original_price: 550,
        resale_price: 300,
        seller: "rahim",
        location: "Nilkhet, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "A History of Bangladesh",
        author: "Willem van Schendel",
        category: HISTORY,
        description: "A readable one-volume history of the land that became Bangladesh, from the ecology of the delta to modern politics. Cambridge paperback; a few pages highlighted in yellow.",
        publish_year: Some(2009),
        ratings: 4.4,
        reviews: 67,
        original_price: 1200,
        resale_price: 650,
        seller: "nusrat",
        location: "Chawkbazar, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Bangladesh: A Legacy of Blood",
        author: "Anthony Mascarenhas",
        category: HISTORY,
        description: "The journalist who exposed the 1971 genocide writes about the coups and killings of 1975. Original Hodder and Stoughton printing; pages browned with age but perfectly readable.",
        publish_year: Some(1986),
        ratings: 4.3,
        reviews: 58,
        original_price: 600,
        resale_price: 280,
        seller: "rahim",
        location: "Mirpur 10, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Sapiens: A Brief History of Humankind",
        author: "Yuval Noah Harari",
        category: HISTORY,
        description: "How Homo sapiens came to rule the planet, from the cognitive revolution to capitalism. Vintage paperback, read once, spine uncracked.",
        publish_year: Some(2015),
        ratings: 4.6,
        reviews: 412,
        original_price: 750,
        resale_price: 450,
        seller: "tanvir",
        location: "Binodpur, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    // --- Thrillers & Mysteries ---
    DemoBook {
        title: "Sonar Kella",
        author: "Satyajit Ray",
        category: THRILLERS,
        description: "Feluda, Topshe and Jatayu race across Rajasthan after a boy who remembers a golden fortress from a past life. Ananda paperback in good condition.",
        publish_year: Some(2015),
        ratings: 4.8,
        reviews: 287,
        original_price: 200,
        resale_price: 120,
        seller: "nusrat",
        location: "Agrabad, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: true,
    },
    DemoBook {
        title: "জয় বাবা ফেলুনাথ",
        author: "সত্যজিৎ রায়",
        category: THRILLERS,
        description: "A stolen Ganesh idol and a crooked holy man in the lanes of Benares. Clean copy; the cover is slightly faded.",
        publish_year: Some(2016),
        ratings: 4.7,
        reviews: 204,
        original_price: 200,
        resale_price: 110,
        seller: "rahim",
        location: "Nilkhet, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "ব্যোমকেশ সমগ্র",
        author: "শরদিন্দু বন্দ্যোপাধ্যায়",
        category: THRILLERS,
        description: "Every Byomkesh Bakshi case in one thick omnibus, from Satyanweshi onwards. Undated reprint; the dust jacket is missing, but the book is sturdy and unmarked.",
        publish_year: None,
        ratings: 4.8,
        reviews: 176,
        original_price: 1200,
        resale_price: 650,
        seller: "tanvir",
        location: "Shaheb Bazar, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "দেবী",
        author: "হুমায়ূন আহমেদ",
        category: THRILLERS,
        description: "The first Misir Ali novel: a young wife hears a voice no one else can, and the psychologist sets out to explain it. Small tear on the cover; pages fine.",
        publish_year: Some(2014),
        ratings: 4.6,
        reviews: 267,
        original_price: 200,
        resale_price: 120,
        seller: "nusrat",
        location: "GEC Circle, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "ধ্বংস পাহাড়",
        author: "কাজী আনোয়ার হোসেন",
        category: THRILLERS,
        description: "The very first Masud Rana adventure, a Sheba Prokashoni pocket book. The pages have gone brown, as these always do, but nothing is torn.",
        publish_year: Some(2010),
        ratings: 4.4,
        reviews: 153,
        original_price: 150,
        resale_price: 80,
        seller: "rahim",
        location: "Mirpur 10, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "The Hound of the Baskervilles",
        author: "Arthur Conan Doyle",
        category: THRILLERS,
        description: "Holmes and Watson investigate the legend of a spectral hound on Dartmoor. Collins Classics paperback in good condition.",
        publish_year: Some(2012),
        ratings: 4.5,
        reviews: 192,
        original_price: 300,
        resale_price: 150,
        seller: "tanvir",
        location: "Binodpur, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Murder on the Orient Express",
        author: "Agatha Christie",
        category: THRILLERS,
        description: "Poirot, a snowbound train and a passenger stabbed twelve times. Harper paperback with the film tie-in cover; read once.",
        publish_year: Some(2017),
        ratings: 4.6,
        reviews: 241,
        original_price: 450,
        resale_price: 250,
        seller: "nusrat",
        location: "Chawkbazar, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "ভয়ংকর সুন্দর",
        author: "সুনীল গঙ্গোপাধ্যায়",
        category: THRILLERS,
        description: "Kakababu and Santu's first adventure, a search in Kashmir for a lost tomb. Ananda edition; a few pages have folded corners.",
        publish_year: Some(2013),
        ratings: 4.3,
        reviews: 12,
        original_price: 250,
        resale_price: 130,
        seller: "rahim",
        location: "Dhanmondi, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    // --- Poetry ---
    DemoBook {
        title: "গীতাঞ্জলি",
        author: "রবীন্দ্রনাথ ঠাকুর",
        category: POETRY,
        description: "Song Offerings, Tagore's own English translation of the poems that won him the Nobel Prize in 1913. Macmillan hardcover in fine condition.",
        publish_year: Some(2011),
        ratings: 4.9,
        reviews: 356,
        original_price: 350,
        resale_price: 220,
        seller: "rahim",
        location: "Nilkhet, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: true,
    },
    DemoBook {
        title: "Sonar Tori",
        author: "Rabindranath Tagore",
        category: POETRY,
        description: "Rabindranath's 1894 collection, with the title poem about the golden boat and the harvest left behind. Visva-Bharati edition; a couple of poems marked with a pencil tick.",
        publish_year: Some(2009),
        ratings: 4.6,
        reviews: 112,
        original_price: 250,
        resale_price: 120,
        seller: "nusrat",
        location: "GEC Circle, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "অগ্নিবীণা",
        author: "কাজী নজরুল ইসলাম",
        category: POETRY,
        description: "Nazrul's first collection of poems, the one that contains 'Bidrohi'. Nazrul Institute edition in good condition.",
        publish_year: Some(2016),
        ratings: 4.8,
        reviews: 231,
        original_price: 200,
        resale_price: 120,
        seller: "tanvir",
        location: "Shaheb Bazar, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "Sanchita",
        author: "Kazi Nazrul Islam",
        category: POETRY,
        description: "Nazrul's own selection of his poems and songs, from rebel verse to love songs. Spine slightly creased, no markings inside.",
        publish_year: Some(2012),
        ratings: 4.5,
        reviews: 98,
        original_price: 300,
        resale_price: 150,
        seller: "rahim",
        location: "Mirpur 10, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "বনলতা সেন",
        author: "জীবনানন্দ দাশ",
        category: POETRY,
        description: "The slim collection named after its famous poem about Banalata Sen of Natore, who gave the tired poet a moment of peace. Good condition.",
        publish_year: Some(2010),
        ratings: 4.8,
        reviews: 264,
        original_price: 180,
        resale_price: 110,
        seller: "nusrat",
        location: "Agrabad, Chattogram",
        phone: NUSRAT_PHONE,
        status: DemoStatus::Sold,
        advertised: true,
    },
    DemoBook {
        title: "রূপসী বাংলা",
        author: "জীবনানন্দ দাশ",
        category: POETRY,
        description: "Sonnets on the beauty of rural Bengal, found and published after the poet's death. A few poems underlined by the previous owner.",
        publish_year: Some(2014),
        ratings: 4.7,
        reviews: 147,
        original_price: 200,
        resale_price: 100,
        seller: "tanvir",
        location: "Binodpur, Rajshahi",
        phone: TANVIR_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
    DemoBook {
        title: "ছাড়পত্র",
        author: "সুকান্ত ভট্টাচার্য",
        category: POETRY,
        description: "The young poet's fierce verses for the hungry and the working poor, published the year after he died at twenty. Thin paperback; the cover is a bit faded.",
        publish_year: Some(2015),
        ratings: 4.6,
        reviews: 119,
        original_price: 150,
        resale_price: 80,
        seller: "rahim",
        location: "Dhanmondi, Dhaka",
        phone: RAHIM_PHONE,
        status: DemoStatus::Available,
        advertised: false,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet};

    fn seller(key: &str) -> Option<&'static DemoSeller> {
        SELLERS.iter().find(|s| s.key == key)
    }

    #[test]
    fn categories_are_many_and_unique_case_insensitively() {
        assert!(CATEGORIES.len() >= 8, "need at least 8 categories");
        let mut seen = HashSet::new();
        for c in CATEGORIES {
            assert!(!c.trim().is_empty());
            assert_eq!(c.trim(), *c, "category {c:?} has stray whitespace");
            assert!(seen.insert(c.to_lowercase()), "duplicate category {c:?}");
        }
    }

    #[test]
    fn exactly_three_sellers_with_test_emails() {
        assert_eq!(SELLERS.len(), 3);
        let keys: HashSet<_> = SELLERS.iter().map(|s| s.key).collect();
        assert_eq!(keys.len(), 3, "seller keys must be unique");
        let emails: HashSet<_> = SELLERS.iter().map(|s| s.email).collect();
        assert_eq!(emails.len(), 3, "seller e-mails must be unique");
        for s in SELLERS {
            assert!(s.email.ends_with("@puronoboi.test"), "{}", s.email);
            assert!(!s.name.is_empty());
        }
        assert_eq!(SELLERS.iter().filter(|s| s.verified).count(), 2);
        assert_eq!(SELLERS.iter().filter(|s| !s.verified).count(), 1);
    }

    #[test]
    fn enough_books_in_every_category() {
        assert!(BOOKS.len() >= 64, "only {} books", BOOKS.len());
        let mut per_category: HashMap<&str, usize> = HashMap::new();
        for b in BOOKS {
            assert!(CATEGORIES.contains(&b.category), "{:?} has unknown category {:?}", b.title, b.category);
            *per_category.entry(b.category).or_default() += 1;
        }
        for c in CATEGORIES {
            let n = per_category.get(c).copied().unwrap_or(0);
            assert!(n >= 6, "category {c:?} has only {n} books");
        }
    }

    /// The script a title or author is written in.
    #[derive(Debug, PartialEq, Eq)]
    enum Script {
        Latin,
        Bengali,
    }

    /// ASCII is Latin; Bengali letters, signs and digits with spaces are Bengali; anything else, a mix of the two
    /// included, is not what a seller types in one field and answers `None`.
    fn script(text: &str) -> Option<Script> {
        if text.is_ascii() {
            Some(Script::Latin)
        } else if text.chars().all(|c| c == ' ' || ('\u{0980}'..='\u{09FF}').contains(&c)) {
            Some(Script::Bengali)
        } else {
            None
        }
    }

    /// Whether Bengali text is in Unicode Normalization Form C. NFC composes ো and ৌ from their two halves and, by
    /// the composition exclusions, keeps ড় ঢ় য় decomposed as letter + nukta; these are the only Bengali
    /// characters NFC changes.
    fn is_nfc_bengali(text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        let precomposed_nukta = chars.iter().any(|c| matches!(c, '\u{09DC}' | '\u{09DD}' | '\u{09DF}'));
        let split_vowel = chars.windows(2).any(|w| w[0] == '\u{09C7}' && matches!(w[1], '\u{09BE}' | '\u{09D7}'));
        !precomposed_nukta && !split_vowel
    }

    #[test]
    fn the_nfc_check_catches_what_a_keyboard_would_not_type() {
        assert!(is_nfc_bengali("হুমায়ূন আহমেদ"));
        assert!(!is_nfc_bengali("হুমা\u{09DF}ূন"), "precomposed ya with nukta");
        assert!(!is_nfc_bengali("ক\u{09C7}\u{09BE}"), "o-kar in two halves");
        assert_eq!(script("Lalsalu"), Some(Script::Latin));
        assert_eq!(script("লালসালু"), Some(Script::Bengali));
        assert_eq!(script("লালসালু Lalsalu"), None);
        assert_eq!(script("Tess of the d\u{2019}Urbervilles"), None);
    }

    #[test]
    fn titles_are_unique_and_each_book_is_in_one_script() {
        let mut seen = HashSet::new();
        for b in BOOKS {
            assert!(seen.insert(b.title.to_lowercase()), "duplicate title {:?}", b.title);
            assert!(!b.title.trim().is_empty() && !b.author.trim().is_empty(), "{:?}", b.title);
            assert_eq!(b.title.split_whitespace().collect::<Vec<_>>().join(" "), b.title, "stray spaces in {:?}", b.title);
            let title_script = script(b.title);
            assert!(title_script.is_some(), "{:?} mixes scripts or uses unexpected characters", b.title);
            assert_eq!(title_script, script(b.author), "{:?}: a seller types title and author in the same script", b.title);
            assert!(is_nfc_bengali(b.title) && is_nfc_bengali(b.author), "{:?} is not NFC", b.title);
            assert!(b.description.is_ascii(), "{:?}", b.title);
        }
    }

    #[test]
    fn about_a_third_of_the_books_are_listed_in_bengali_script() {
        let bengali: Vec<&DemoBook> = BOOKS.iter().filter(|b| script(b.title) == Some(Script::Bengali)).collect();
        let third = BOOKS.len() / 3;
        assert!((third - 2..=third + 2).contains(&bengali.len()), "{} of {} books in Bengali script", bengali.len(), BOOKS.len());
        let available = bengali.iter().filter(|b| b.status == DemoStatus::Available).count();
        assert!(available >= 20, "only {available} Bengali-script books can be found by search");
        let categories: HashSet<_> = bengali.iter().map(|b| b.category).collect();
        assert!(categories.len() >= 5, "Bengali-script books span only {categories:?}");
        assert!(bengali.iter().all(|b| b.category != ENGLISH_CLASSICS), "English classics stay in English");

        // Bangla works that stay romanized, so a Bengali-script query has romanized listings to find.
        let romanized_bangla = BOOKS
            .iter()
            .filter(|b| matches!(b.category, BANGLA_LIT | POETRY | THRILLERS) && script(b.title) == Some(Script::Latin))
            .filter(|b| b.status == DemoStatus::Available)
            .count();
        assert!(romanized_bangla >= 4, "only {romanized_bangla} romanized Bangla works are for sale");
    }

    #[test]
    fn descriptions_read_like_a_listing() {
        for b in BOOKS {
            let d = b.description;
            assert!(d.len() >= 40 && d.len() <= 400, "{:?}: {} chars", b.title, d.len());
            assert!(d.ends_with('.') || d.ends_with('!'), "{:?}", b.title);
            // 1-3 sentences: count sentence ends followed by a capital letter.
            let bytes = d.as_bytes();
            let breaks = (1..bytes.len().saturating_sub(1))
                .filter(|&i| matches!(bytes[i - 1], b'.' | b'!' | b'?') && bytes[i] == b' ' && bytes[i + 1].is_ascii_uppercase())
                .count();
            assert!(breaks <= 2, "{:?} has {} sentences", b.title, breaks + 1);
        }
    }

    #[test]
    fn every_book_has_a_known_seller_and_consistent_phone() {
        let mut phone_of: HashMap<&str, &str> = HashMap::new();
        let mut per_seller: HashMap<&str, usize> = HashMap::new();
        for b in BOOKS {
            assert!(seller(b.seller).is_some(), "{:?} has unknown seller {:?}", b.title, b.seller);
            assert_eq!(b.phone.len(), 11, "{:?}", b.phone);
            assert!(b.phone.starts_with("01"), "{:?}", b.phone);
            assert!(b.phone.bytes().all(|c| c.is_ascii_digit()), "{:?}", b.phone);
            let first = *phone_of.entry(b.seller).or_insert(b.phone);
            assert_eq!(first, b.phone, "seller {} uses two phone numbers", b.seller);
            assert!(b.location.contains(", "), "location {:?} should be 'Area, City'", b.location);
            *per_seller.entry(b.seller).or_default() += 1;
        }
        let phones: HashSet<_> = phone_of.values().collect();
        assert_eq!(phones.len(), SELLERS.len(), "each seller needs their own phone");
        for s in SELLERS {
            let n = per_seller.get(s.key).copied().unwrap_or(0);
            assert!(n >= 15, "seller {} has only {n} books", s.key);
        }
    }

    #[test]
    fn prices_are_realistic() {
        for b in BOOKS {
            assert!(b.resale_price >= 1, "{:?}", b.title);
            assert!(b.original_price > b.resale_price, "{:?}", b.title);
            assert!((150..=1500).contains(&b.original_price), "{:?}", b.title);
            // resale between 40% and 70% of the original price
            assert!(b.resale_price * 100 >= b.original_price * 40, "{:?} too cheap", b.title);
            assert!(b.resale_price * 100 <= b.original_price * 70, "{:?} too dear", b.title);
        }
    }

    #[test]
    fn ratings_reviews_and_years_are_plausible() {
        for b in BOOKS {
            assert!((3.2..=5.0).contains(&b.ratings), "{:?}", b.title);
            let tenths = b.ratings * 10.0;
            assert!((tenths - tenths.round()).abs() < 1e-9, "{:?} has more than one decimal", b.title);
            assert!((0..=480).contains(&b.reviews), "{:?}", b.title);
            if let Some(y) = b.publish_year {
                assert!((1929..=2024).contains(&y), "{:?} year {y}", b.title);
            }
        }
        let none = BOOKS.iter().filter(|b| b.publish_year.is_none()).count();
        assert!(none >= 1 && none * 5 < BOOKS.len(), "{none} books without a year");
    }

    #[test]
    fn statuses_and_advertising() {
        let count = |s: DemoStatus| BOOKS.iter().filter(|b| b.status == s).count();
        assert_eq!(count(DemoStatus::Pending), 4);
        assert_eq!(count(DemoStatus::Sold), 3);
        assert_eq!(count(DemoStatus::Available), BOOKS.len() - 7);

        let advertised_available: Vec<_> = BOOKS.iter().filter(|b| b.advertised && b.status == DemoStatus::Available).collect();
        assert!(advertised_available.len() >= 8);
        let categories: HashSet<_> = advertised_available.iter().map(|b| b.category).collect();
        assert!(categories.len() >= 4, "advertised books should span several categories");

        let advertised_sold = BOOKS.iter().filter(|b| b.advertised && b.status == DemoStatus::Sold).count();
        assert_eq!(advertised_sold, 1, "exactly one sold book stays flagged as advertised");
        let advertised_pending = BOOKS.iter().filter(|b| b.advertised && b.status == DemoStatus::Pending).count();
        assert_eq!(advertised_pending, 0);
    }
}
