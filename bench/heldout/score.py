#!/usr/bin/env python3
"""Scores `voiceplug match` on a corpus folder (devices.json + phrases.jsonl).

  score.py FOLDER [--voiceplug PATH] [--show-errors]
Prints the share of right answers per category; for negatives, how many
phrases switched something (must be 0: exit 1 when any did, or when
`voiceplug match` fails or answers fewer lines than it was given).
"""
import argparse, collections, json, os, re, subprocess, sys, tempfile

def slug(name): return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")

def configuration(devices):
    """A corpus's devices as a VoicePlug configuration (each id is its name slugged; bench/speech/corpus.py uses it too)."""
    return {"devices": [dict(id=slug(d["name"]), name=d["name"], **({"area": d["area"]} if d.get("area") else {})) for d in devices]}

def match(args, devices, rows, work):
    """`voiceplug match` over every phrase, with the devices as a configuration in `work`."""
    json.dump(configuration(devices), open(os.path.join(work, "voiceplug.json"), "w"))
    return subprocess.run([args.voiceplug, "match", "--config", os.path.join(work, "voiceplug.json"), "--db", os.path.join(work, "voiceplug.db")],
                          input="\n".join(r["text"] for r in rows) + "\n", capture_output=True, text=True, check=True)

def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder")
    parser.add_argument("--voiceplug", default=os.path.join(os.path.dirname(__file__), "../../.build/release/voiceplug"))
    parser.add_argument("--show-errors", action="store_true")
    args = parser.parse_args()
    devices = json.load(open(os.path.join(args.folder, "devices.json")))["devices"]
    rows = [json.loads(l) for l in open(os.path.join(args.folder, "phrases.jsonl"))]
    with tempfile.TemporaryDirectory(prefix="voiceplug-score-") as work:
        result = match(args, devices, rows, work)
    answers = [json.loads(l) for l in result.stdout.splitlines()]
    if len(answers) != len(rows):
        sys.exit(f"score.py: voiceplug match answered {len(answers)} of {len(rows)} phrases")
    right, total, errors = collections.Counter(), collections.Counter(), []
    for row, answer in zip(rows, answers):
        category = row["category"]
        total[category] += 1
        expected = (slug(row["device"]), row["state"]) if row["device"] else (None, None)
        got = (answer.get("device"), answer.get("state"))
        if got == expected: right[category] += 1
        else: errors.append((category, row["text"], expected, got))
    for category in ["template", "noise", "typo", "negative"]:
        if total[category]:
            extra = f"  ({total[category] - right[category]} switched something)" if category == "negative" else ""
            print(f"{category:9} {right[category]:5}/{total[category]:<5} {100 * right[category] / total[category]:6.2f}%{extra}")
    if args.show_errors:
        for e in errors: print("  ", e)
    switched = total["negative"] - right["negative"]
    if switched:
        sys.exit(f"score.py: {switched} phrase(s) that are no command switched something")

if __name__ == "__main__":
    main()
