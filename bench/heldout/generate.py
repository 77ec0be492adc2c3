#!/usr/bin/env python3
"""A held-out corpus of the development corpus's kinds, with other devices.

Writes devices.json and phrases.jsonl (the formats of Tests/Corpus) into
the folder given (default: a new temporary folder), for score.py.
Categories: template, noise, typo, negative. Deterministic for a given --seed.
"""
import argparse, json, os, random, re, tempfile

DEVICES = [
    ("aquarium light", "living room"), ("garage heater", "garage"), ("porch lantern", None), ("space heater", "study"),
    ("air purifier", "bedroom"), ("dehumidifier", "basement"), ("bread maker", "kitchen"), ("coffee grinder", "kitchen"),
    ("electric blanket", "bedroom"), ("floor lamp", "living room"), ("reading light", "study"), ("patio heater", None),
    ("pet water fountain", None), ("3d printer", "study"), ("heat mat", "basement"), ("salt lamp", "bedroom"),
    ("grow light", "basement"), ("pond pump", None), ("heated towel rail", "bathroom"), ("wax warmer", "living room"),
    ("bubble machine", None), ("mower charger", "garage"), ("tv", "living room"), ("sound bar", "living room"),
    ("guest room fan", "guest room"), ("ice cream maker", "kitchen"), ("mirror light", "bathroom"), ("crib mobile", "nursery"),
]
AREAS = sorted({a for _, a in DEVICES if a})
DET = ["", "the ", "my ", "our "]
PREP = ["in", "on", "at", "of", "across", "around", "throughout"]
VERB = ["turn", "switch", "change", "bring"]

def slug(name): return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")

def target(rng, name, area):
    d = rng.choice(DET)
    if area and rng.random() < 0.3:
        ad = rng.choice(DET)
        return rng.choice([f"{d}{name} {rng.choice(PREP)} {ad}{area}", f"{d}{area} {name}"])
    return f"{d}{name}"

def template(rng, name, area, state):
    t = target(rng, name, area)
    forms = [f"{rng.choice(VERB)} {state} {t}", f"{rng.choice(VERB)} {t} {state}", f"{rng.choice(VERB)} {t} to {state}",
             f"{t} {state}", f"{t} to {state}"]
    forms.append(f"activate {t}" if state == "on" else f"deactivate {t}")
    return rng.choice(forms)

def noise(rng, text):
    words = text.split()
    out = []
    for w in words:
        w = rng.choice([w, w.upper(), w.capitalize(), w])
        out.append(w)
    sep = lambda: rng.choice([" ", "  ", "\t", " ", ", "])
    s = out[0]
    for w in out[1:]: s += sep() + w
    if rng.random() < 0.3: s = re.sub(r"(\w) (\w)", r"\1-\2", s, count=1)
    return rng.choice(["", " ", "  "]) + s + rng.choice(["", "!", "?", "...", " !", ".", "?!"]) + rng.choice(["", " "])

def lev(a, b):
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a):
        cur = [i + 1]
        for j, y in enumerate(b):
            cur.append(min(prev[j + 1] + 1, cur[j] + 1, prev[j] + (x != y)))
        prev = cur
    return prev[-1]

def typo(rng, name, others):
    letters = "abcdefghijklmnopqrstuvwxyz"
    for _ in range(100):
        i = rng.randrange(len(name))
        if not name[i].isalpha(): continue
        kind = rng.choice("swap del ins".split())
        if kind == "swap": t = name[:i] + rng.choice(letters) + name[i + 1:]
        elif kind == "del": t = name[:i] + name[i + 1:]
        else: t = name[:i] + rng.choice(letters) + name[i:]
        if t != name and lev(t, name) == 1 and all(lev(t, o) >= 2 for o in others if o != name) and len(name.replace(" ", "")) >= 5:
            return t
    return None

NEGATIVE_FORMS = [
    "is the {n} on", "is the {n} still on", "was the {n} off", "when did the {n} turn on", "who switched on the {n}",
    "how many watts does the {n} use", "where is the {n}", "do not switch on the {n}", "don't turn off the {n}",
    "never turn on the {n}", "dim the {n}", "check the {n}", "schedule the {n} for tomorrow", "set the {n} to 50 percent",
    "make the {n} warmer", "turn the {n} up", "is my {n} off",
]
UNKNOWN = ["aquarium heater", "garage light", "popcorn maker", "lava light", "pizza oven", "hot plate", "leaf blower",
           "mower", "fountain", "towel warmer", "sewing machine", "bread oven", "guest room lamp", "kitchen fan", "fan",
           "reading lamp", "salt light", "space fan", "pond light", "tv light"]
NO_DEVICE = ["turn it off", "switch that on", "turn off", "power off", "enable", "disable", "turn them on", "switch everything off",
             "turn on", "lights off", "turn off all the lights", "switch it on please"]
CHATTER = ["what time is it", "play some jazz", "good morning", "tell me a joke", "what's the weather", "set a timer for ten minutes",
           "add milk to the shopping list", "how are you", "call mom", "open the garage door", "lock the front door", "volume down"]

def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--per-device", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    folder = args.folder or tempfile.mkdtemp(prefix="voiceplug-heldout-")
    os.makedirs(folder, exist_ok=True)
    names = [n for n, _ in DEVICES]
    rows = []
    for name, area in DEVICES:
        for _ in range(args.per_device):
            state = rng.choice(["on", "off"])
            rows.append({"text": template(rng, name, area, state), "device": name, "state": state, "category": "template"})
        for _ in range(args.per_device // 4):
            state = rng.choice(["on", "off"])
            rows.append({"text": noise(rng, template(rng, name, area, state)), "device": name, "state": state, "category": "noise"})
        for _ in range(2):
            t = typo(rng, name, names)
            if t:
                state = rng.choice(["on", "off"])
                text = template(rng, t, None, state)
                rows.append({"text": text, "device": name, "state": state, "category": "typo"})
        for form in rng.sample(NEGATIVE_FORMS, 4):
            rows.append({"text": form.format(n=name), "device": None, "state": None, "category": "negative"})
    for unknown in UNKNOWN:
        for _ in range(3):
            rows.append({"text": template(rng, unknown, None, rng.choice(["on", "off"])), "device": None, "state": None, "category": "negative"})
    for text in NO_DEVICE + CHATTER:
        rows.append({"text": text, "device": None, "state": None, "category": "negative"})
    rng.shuffle(rows)
    devices = [{"name": n, "area": a} for n, a in DEVICES]
    json.dump({"devices": devices, "areas": AREAS}, open(os.path.join(folder, "devices.json"), "w"), indent=1)
    with open(os.path.join(folder, "phrases.jsonl"), "w") as f:
        for r in rows: f.write(json.dumps(r) + "\n")
    print(folder)

if __name__ == "__main__":
    main()
