#!/usr/bin/env python3
"""Every sentence Home Assistant's HassTurnOn/HassTurnOff templates accept for the
held-out devices, expanded by hassil itself (pip install hassil), scored with
`voiceplug match`.

  python3 hassil_templates.py [--voiceplug PATH] [--show-errors]

The templates are HA's English name/area forms (sentences/en/HassTurnOn|Off and
_common.yaml's <turn>, <in>, <name>, <area> rules), with the possessives my/our
that the development corpus uses.
"""
import argparse, io, json, os, re, subprocess, sys, tempfile
from hassil.intents import Intents
from hassil.sample import sample_intents
from generate import DEVICES, slug

TEMPLATES = """
language: en
intents:
  HassTurnOn:
    data:
      - sentences:
          - "<turn> on {forms}"
          - "[<turn>] {forms} [to] on"
          - "activate {forms}"
  HassTurnOff:
    data:
      - sentences:
          - "<turn> off {forms}"
          - "[<turn>] {forms} [to] off"
          - "deactivate {forms}"
expansion_rules:
  name: "[(the|my|our)] {{name}}"
  area: "[(the|my|our)] {{area}}"
  in: "(in|on|at|of|across|around|throughout)"
  turn: "(turn|switch|change|bring)"
"""

def sentences(name, area):
    forms = "(<area> <name>|<name> [<in> <area>])" if area else "<name>"
    text = TEMPLATES.format(forms=forms)
    lists = f'lists:\n  name:\n    values:\n      - "{name}"\n'
    if area: lists += f'  area:\n    values:\n      - "{area}"\n'
    intents = Intents.from_yaml(io.StringIO(text + lists))
    for intent, sentence in sample_intents(intents):
        yield ("on" if intent == "HassTurnOn" else "off"), sentence

def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--voiceplug", default=os.path.join(os.path.dirname(__file__), "../../.build/release/voiceplug"))
    parser.add_argument("--show-errors", action="store_true")
    args = parser.parse_args()
    rows = [(text, slug(name), state) for name, area in DEVICES for state, text in sentences(name, area)]
    work = tempfile.mkdtemp(prefix="voiceplug-hassil-")
    config = {"devices": [dict(id=slug(n), name=n, **({"area": a} if a else {})) for n, a in DEVICES]}
    json.dump(config, open(os.path.join(work, "voiceplug.json"), "w"))
    out = subprocess.run([args.voiceplug, "match", "--config", os.path.join(work, "voiceplug.json"), "--db", os.path.join(work, "v.db")],
                         input="\n".join(r[0] for r in rows) + "\n", capture_output=True, text=True, check=True).stdout.splitlines()
    wrong = [(r, json.loads(a)) for r, a in zip(rows, out) if (json.loads(a).get("device"), json.loads(a).get("state")) != (r[1], r[2])]
    print(f"hassil-expanded HA templates: {len(rows) - len(wrong)}/{len(rows)} right ({100 * (len(rows) - len(wrong)) / len(rows):.2f}%)")
    if args.show_errors:
        for r, a in wrong[:50]: print("  ", r, a)

if __name__ == "__main__":
    main()
