#!/usr/bin/env python3
"""The works `just bench` lists a million books under, and the searches it sends.

Usage: search_catalogue.py WORKS_TSV QUERIES_FILE [WORKS]

Writes WORKS works (default 200,000) as `n<TAB>title<TAB>author` lines: a third in Bengali script, a third in
romanized Bangla (each word in one of the spellings people use), a third in English; titles of one to four words
drawn with a Zipf-like skew (a few words are in thousands of titles, most in few), some with a volume number;
authors from first names and surnames in the title's script. No two works share a title and author.

Writes the searches, one URL-encoded query string per line (the part after `/api/search?`), of every kind a buyer
types: Bengali script, Banglish in another spelling than the listing's, English, one letter wrong, one and two
letters, authors, and some with a category, a price range or a sort. 5,000 distinct searches, written 50,000 times
with the popularity real search traffic has (Zipf: the n-th most popular is asked about 1/n as often as the first),
so that the load generator, picking lines at random, asks popular searches often and rare ones seldom; the first
5,000 lines are each search once, for a run that wants every answer computed. Deterministic: the same files every
run.
"""

import random
import sys
import urllib.parse

# Bengali words as sellers type them, each with the romanized spellings buyers use.
BANGLA = [
    ("নদী", ["nodi", "nadi"]), ("আকাশ", ["akash", "akas"]), ("মেঘ", ["megh", "meg"]), ("বৃষ্টি", ["brishti", "bristi"]),
    ("পাখি", ["pakhi", "paki"]), ("ফুল", ["phul", "ful"]), ("গ্রাম", ["gram", "graam"]), ("শহর", ["shohor", "sahar"]),
    ("রাত", ["raat", "rat"]), ("দিন", ["din", "deen"]), ("আলো", ["alo", "aalo"]), ("ছায়া", ["chhaya", "chaya"]),
    ("মাটি", ["mati", "maati"]), ("জল", ["jol", "jal"]), ("সাগর", ["sagor", "sagar"]), ("পাহাড়", ["pahar", "pahaar"]),
    ("বন", ["bon", "ban"]), ("চাঁদ", ["chand", "chad"]), ("সূর্য", ["surjo", "surya"]), ("তারা", ["tara", "taara"]),
    ("গল্প", ["golpo", "galpa"]), ("কবিতা", ["kobita", "kabita"]), ("গান", ["gaan", "gan"]), ("স্বপ্ন", ["shopno", "swapna"]),
    ("ভালোবাসা", ["bhalobasha", "valobasa"]), ("মানুষ", ["manush", "manus"]), ("জীবন", ["jibon", "jeebon"]),
    ("মৃত্যু", ["mrittu", "mritu"]), ("যুদ্ধ", ["juddho", "yuddha"]), ("স্বাধীনতা", ["shadhinota", "swadhinata"]),
    ("দেশ", ["desh", "des"]), ("মা", ["ma", "maa"]), ("বাবা", ["baba", "babaa"]), ("ভাই", ["bhai", "vai"]),
    ("বোন", ["bon", "bone"]), ("বন্ধু", ["bondhu", "bandhu"]), ("শিশু", ["shishu", "sisu"]), ("কিশোর", ["kishor", "kisor"]),
    ("পথ", ["poth", "path"]), ("ঘর", ["ghor", "ghar"]), ("বাড়ি", ["bari", "baari"]), ("হাওয়া", ["hawa", "haoa"]),
    ("আগুন", ["agun", "aagun"]), ("পানি", ["pani", "paani"]), ("নীল", ["nil", "neel"]), ("লাল", ["lal", "laal"]),
    ("সবুজ", ["sobuj", "sabuj"]), ("সোনা", ["shona", "sona"]), ("রুপা", ["rupa", "roopa"]), ("হৃদয়", ["hridoy", "hriday"]),
    ("চোখ", ["chokh", "chok"]), ("হাত", ["haat", "hat"]), ("পায়ের", ["payer", "paaer"]), ("শব্দ", ["shobdo", "sabda"]),
    ("নীরবতা", ["nirobota", "nirabata"]), ("কথা", ["kotha", "katha"]), ("চিঠি", ["chithi", "chiti"]), ("স্মৃতি", ["smriti", "sriti"]),
    ("অন্ধকার", ["ondhokar", "andhakar"]), ("প্রেম", ["prem", "prem"]), ("বিরহ", ["biroho", "viraha"]), ("উৎসব", ["utsob", "utsab"]),
    ("বসন্ত", ["boshonto", "basanta"]), ("বর্ষা", ["borsha", "barsha"]), ("শীত", ["shit", "sheet"]), ("গ্রীষ্ম", ["grishmo", "grisma"]),
    ("হেমন্ত", ["hemonto", "hemanta"]), ("শরৎ", ["shorot", "sarat"]), ("নৌকা", ["nouka", "nauka"]), ("মাঝি", ["majhi", "maji"]),
    ("কৃষক", ["krishok", "krisak"]), ("শিক্ষা", ["shikkha", "siksha"]), ("বিজ্ঞান", ["biggan", "bigyan"]), ("ইতিহাস", ["itihash", "itihas"]),
    ("রাজনীতি", ["rajniti", "rajneeti"]), ("অর্থনীতি", ["orthoniti", "arthaniti"]), ("গণিত", ["gonit", "ganit"]),
    ("পদার্থ", ["podartho", "padartha"]), ("রসায়ন", ["roshayon", "rasayan"]), ("জীববিজ্ঞান", ["jibobiggan", "jibbigyan"]),
    ("ভূগোল", ["bhugol", "vugol"]), ("দর্শন", ["dorshon", "darshan"]), ("ধর্ম", ["dhormo", "dharma"]), ("সমাজ", ["somaj", "samaj"]),
    ("রহস্য", ["rohosso", "rahasya"]), ("অভিযান", ["obhijan", "abhijan"]), ("ভূত", ["bhut", "vut"]), ("রাজা", ["raja", "rajaa"]),
    ("রানি", ["rani", "raani"]), ("দুর্গ", ["durgo", "durga"]), ("সমুদ্র", ["somudro", "samudra"]), ("দ্বীপ", ["dwip", "dip"]),
    ("পদ্মা", ["podda", "padma"]), ("মেঘনা", ["meghna", "megna"]), ("যমুনা", ["jomuna", "jamuna"]), ("ঢাকা", ["dhaka", "daka"]),
    ("বাংলা", ["bangla", "bangala"]), ("একাত্তর", ["ekattor", "ekattar"]), ("মুক্তি", ["mukti", "mukthi"]),
    ("সংগ্রাম", ["shongram", "sangram"]), ("কন্যা", ["konna", "kanya"]), ("পুত্র", ["putro", "putra"]), ("বাঁশি", ["bashi", "banshi"]),
    ("নূপুর", ["nupur", "noopur"]), ("আয়না", ["ayna", "aina"]), ("জানালা", ["janala", "jaanala"]), ("দরজা", ["dorja", "darja"]),
    ("প্রথম", ["prothom", "pratham"]), ("শেষ", ["shesh", "ses"]), ("নতুন", ["notun", "natun"]), ("পুরনো", ["purono", "purano"]),
]

ENGLISH = (
    "the of and a in to river night light dark house city garden stone road winter summer silent last lost golden "
    "secret history brief introduction principles modern guide complete world children island letters songs stories "
    "memory time war peace love death life sea mountain forest king queen empire journey voyage dream shadow fire water "
    "star moon sun rain wind heart mind soul body science physics chemistry biology mathematics economics politics "
    "philosophy language grammar dictionary atlas poems essays tales legend myth hidden broken burning frozen distant "
    "ancient wild quiet small great little old new first second third everything nothing always never beyond between "
    "under above across toward study practice theory handbook companion reader anthology collected selected notes"
).split()

BANGLA_FIRST = [("হুমায়ূন", "humayun"), ("রবীন্দ্রনাথ", "rabindranath"), ("সুনীল", "sunil"), ("শামসুর", "shamsur"),
                ("সেলিনা", "selina"), ("আনিসুল", "anisul"), ("জাফর", "zafar"), ("তাহমিনা", "tahmina"), ("রফিক", "rafiq"),
                ("নাসরিন", "nasrin"), ("মাহমুদ", "mahmud"), ("ইমদাদুল", "imdadul"), ("শহীদুল", "shahidul"), ("আবুল", "abul"),
                ("সৈয়দ", "syed"), ("কামরুল", "kamrul"), ("ফারহানা", "farhana"), ("তানভীর", "tanvir"), ("রুমানা", "rumana"),
                ("মোস্তফা", "mostafa")]
BANGLA_LAST = [("আহমেদ", "ahmed"), ("ঠাকুর", "thakur"), ("গঙ্গোপাধ্যায়", "gangopadhyay"), ("রহমান", "rahman"),
               ("হোসেন", "hossain"), ("হক", "haque"), ("ইকবাল", "iqbal"), ("আনাম", "anam"), ("আজাদ", "azad"), ("মিলন", "milan"),
               ("চৌধুরী", "chowdhury"), ("ইসলাম", "islam"), ("সরকার", "sarkar"), ("দাস", "das"), ("খান", "khan"),
               ("মজুমদার", "majumder"), ("বন্দ্যোপাধ্যায়", "bandyopadhyay"), ("চট্টোপাধ্যায়", "chattopadhyay"),
               ("জহির", "zahir"), ("আলী", "ali")]
ENGLISH_FIRST = ["James", "Mary", "John", "Elizabeth", "George", "Jane", "Charles", "Emily", "William", "Virginia",
                 "Thomas", "Agatha", "Robert", "Doris", "Arthur", "Toni", "Ernest", "Margaret", "Oscar", "Ruth"]
ENGLISH_LAST = ["Austen", "Dickens", "Orwell", "Bronte", "Hardy", "Woolf", "Christie", "Twain", "Wilde", "Tolkien",
                "Lessing", "Morrison", "Hemingway", "Atwood", "Conrad", "Eliot", "Kipling", "Steinbeck", "Forster", "Shelley"]

CATEGORIES = 50  # as scripts/bench/seed.sql creates them


def zipf_pick(rng, items, skew=1.1):
    """An item, the first ones far more often than the last: real titles share a few words a lot."""
    weights = getattr(zipf_pick, "cache", {}).get((len(items), skew))
    if weights is None:
        weights = [1 / (i + 1) ** skew for i in range(len(items))]
        zipf_pick.cache = {**getattr(zipf_pick, "cache", {}), (len(items), skew): weights}
    return rng.choices(items, weights=weights, k=1)[0]


def make_work(rng, script):
    words = rng.choice([1, 2, 2, 3, 3, 3, 4])
    if script == "bn":
        picked = [zipf_pick(rng, BANGLA) for _ in range(words)]
        title = " ".join(w for w, _ in picked)
        first, last = rng.choice(BANGLA_FIRST), rng.choice(BANGLA_LAST)
        author = f"{first[0]} {last[0]}"
        if rng.random() < 0.1:
            title += f" {'১২৩৪৫'[rng.randrange(5)]}"
    elif script == "rom":
        picked = [zipf_pick(rng, BANGLA) for _ in range(words)]
        title = " ".join(rng.choice(spellings) for _, spellings in picked).title()
        first, last = rng.choice(BANGLA_FIRST), rng.choice(BANGLA_LAST)
        author = f"{first[1]} {last[1]}".title()
    else:
        title = " ".join(zipf_pick(rng, ENGLISH) for _ in range(words)).capitalize()
        author = f"{rng.choice(ENGLISH_FIRST)} {rng.choice(ENGLISH_LAST)}"
        if rng.random() < 0.1:
            title += f", Volume {1 + rng.randrange(5)}"
    return title, author, picked if script != "en" else title.lower().split()


def typo(rng, word):
    if len(word) < 4:
        return word
    i = rng.randrange(1, len(word) - 1)
    return word[:i] + word[i + 1 :] if rng.random() < 0.5 else word[:i] + word[i + 1] + word[i] + word[i + 2 :]


def main():
    works_path, queries_path = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 200_000
    rng = random.Random(20)
    seen = set()
    works = []
    scripts = ["bn", "rom", "en"]
    while len(works) < count:
        script = scripts[len(works) % 3]
        title, author, parts = make_work(rng, script)
        if (title, author) in seen:
            continue
        seen.add((title, author))
        works.append((script, title, author, parts))
    with open(works_path, "w", encoding="utf-8") as out:
        for n, (_, title, author, _) in enumerate(works):
            out.write(f"{n}\t{title}\t{author}\n")

    queries = []
    for _ in range(5_000):
        script, title, author, parts = rng.choice(works)
        kind = rng.choice(["bn", "banglish", "english", "typo", "short", "author", "filtered"])
        if kind == "bn" and script == "bn":
            q = " ".join(w for w, _ in rng.sample(parts, k=min(len(parts), rng.choice([1, 2]))))
        elif kind in ("bn", "banglish") and script in ("bn", "rom"):
            q = " ".join(rng.choice(spellings) for _, spellings in parts[: rng.choice([1, 2, 3])])
        elif kind == "typo":
            q = " ".join(typo(rng, w) for w in title.lower().split()[:2])
        elif kind == "short":
            q = title.split()[0][: rng.choice([1, 2])]
        elif kind == "author":
            q = author.split()[-1] if rng.random() < 0.5 else author
        else:
            q = " ".join(title.split()[:2])
        params = {"q": q}
        if kind == "filtered":
            choice = rng.randrange(3)
            if choice == 0:
                params["minPrice"], params["maxPrice"] = "100", str(300 + rng.randrange(600))
            elif choice == 1:
                params["sort"] = rng.choice(["newest", "price_asc", "price_desc"])
            else:
                params["page"] = "2"
        queries.append(urllib.parse.urlencode(params))
    weights = [1 / (rank + 1) for rank in range(len(queries))]
    popular = rng.choices(queries, weights=weights, k=45_000)
    with open(queries_path, "w", encoding="utf-8") as out:
        out.write("\n".join(queries + popular) + "\n")


if __name__ == "__main__":
    main()
