#!/usr/bin/env python3
"""A synthesized speech corpus and `voiceplug hear`'s score on it.

  python3 bench/speech/corpus.py [--voiceplug PATH] [--keep DIR] [--show] [--sweep] [--threshold M] [--adapt] [--ten-db]
                                  [--set NAME ...]

Device sets (see SCENARIOS; --set runs only the named ones): examples/voiceplug.json's devices with two voice shortcuts,
a held-out set (other names, an unusual word, other shortcuts), and a
validation set added only after the recognizer's settings were chosen on
the first two, a final check (other devices, phrases and voices: flite
kal, espeak-ng en-us+f2/m1/m7/f4) run once with the settings of its stop,
and a fresh set (near misses, British and other espeak-ng voices) written
while the next stop's settings were chosen on the other four, and never
used for choosing them; the matcher's other forms; and two more fresh sets
of other accents, devices and phrases (one to measure a stop's start, one
kept unseen until its end), a fourth written to decide one question
the third raised; a fifth heard midway through the stop after, and a sixth
kept unseen until that stop's end; a seventh of Home Assistant's sentence
forms ("bring our X to off", "the X on") with their negatives, an eighth,
a ninth and a tenth kept unseen until the end of the stop that measured them, an eleventh
for a change the tenth suggested, a twelfth kept unseen until the end of the stop after,
a thirteenth, a fourteenth, a fifteenth, a sixteenth, a seventeenth, an eighteenth, a nineteenth,
a twentieth, a twenty-first, a twenty-second, a twenty-third, a twenty-fourth, a twenty-fifth,
a twenty-sixth, a twenty-seventh, a twenty-eighth, a twenty-ninth, a thirtieth, a thirty-first, a thirty-second, a thirty-third, a thirty-fourth and a thirty-fifth likewise (the twentieth with flite kal's
8 kHz files as flite writes them, too); and, on
request, ../shared/corpus's templates and negatives (--set shared-corpus) and the
fifteenth's commands by every espeak-ng variant (--set variants). For each: in-grammar utterances (generic commands
and the shortcuts) and out-of-grammar ones (other devices, questions,
chatter, near misses), spoken by flite (slt, rms, awb, kal16; a set may
stretch a voice's durations) and espeak-ng (en-us at two speeds, two
variants), each with a -40 dB pink-noise floor
and again mixed with pink noise at 20 dB SNR (sox). One `voiceplug hear`
process hears a whole batch (a warm recognizer, as in the gateway), and
`voiceplug match` turns what was heard into (device, state).
Reports right / wrong device for in-grammar speech and accepted for
out-of-grammar speech. With --adapt, each voice is heard with a speaker
adaptation made from `voiceplug adapt --prompts` said by that voice. With --learn, as
`voiceplug run` learns the voices it hears: see learn().
"""
import argparse, concurrent.futures, json, os, re, shutil, subprocess, sys, tempfile

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")

EXAMPLE = {
    "config": json.load(open(os.path.join(ROOT, "examples/voiceplug.json"))),
    "shortcuts": [("kitchen-lamp", "off", "lights out"), ("kettle", "on", "good morning")],
    "in": [
        ("turn on the kitchen lamp", "kitchen-lamp", "on"), ("switch off the christmas tree", "tree", "off"),
        ("turn the desk fan on", "desk-fan", "on"), ("kettle off", "kettle", "off"), ("activate the printer", "printer", "on"),
        ("turn off the porch light", "porch-light", "off"), ("switch on the xmas tree", "tree", "on"),
        ("deactivate the desk fan", "desk-fan", "off"), ("turn on the kettle", "kettle", "on"),
        ("lights out", "kitchen-lamp", "off"), ("good morning", "kettle", "on"), ("switch the printer off", "printer", "off"),
    ],
    "out": [
        "turn on the radio", "switch off the oven", "what is the weather like today", "play some music",
        "is the kitchen lamp on", "set a timer for ten minutes", "good night everyone", "open the garage door",
        "turn on the television", "how are you today", "call my mother", "start the dishwasher",
    ],
}
HELD_OUT = {
    "config": {"devices": [
        {"id": "heater", "name": "vornado heater", "aliases": ["space heater"], "area": "bedroom", "protocol": "tasmota", "topic": "heater"},
        {"id": "hue", "name": "hue lamp", "area": "bedroom", "protocol": "zigbee2mqtt", "topic": "hue_lamp"},
        {"id": "pump", "name": "garden pump", "area": "garden", "protocol": "shelly", "topic": "shelly1-pump"},
        {"id": "coffee", "name": "coffee maker", "area": "kitchen", "protocol": "tasmota", "topic": "coffee"},
        {"id": "purifier", "name": "air purifier", "area": "living room", "protocol": "tasmota", "topic": "purifier"},
        {"id": "aquarium", "name": "aquarium light", "protocol": "shelly", "topic": "shelly1-aquarium"},
    ]},
    "shortcuts": [("hue", "off", "movie time"), ("coffee", "on", "wake up")],
    "in": [
        ("turn on the vornado heater", "heater", "on"), ("switch the space heater off", "heater", "off"),
        ("turn off the hue lamp", "hue", "off"), ("turn on the garden pump", "pump", "on"), ("garden pump off", "pump", "off"),
        ("activate the coffee maker", "coffee", "on"), ("deactivate the air purifier", "purifier", "off"),
        ("switch on the air purifier", "purifier", "on"), ("turn the aquarium light off", "aquarium", "off"),
        ("aquarium light on", "aquarium", "on"), ("movie time", "hue", "off"), ("wake up", "coffee", "on"),
        ("turn off the coffee maker", "coffee", "off"), ("switch on the hue lamp in the bedroom", "hue", "on"),
    ],
    "out": [
        "turn on the heating", "switch off the lamp in the hall", "what time is it", "remind me to buy milk",
        "is the garden pump running", "turn up the volume", "order a pizza", "the coffee is cold", "tell me a joke",
        "lock the front door", "wake me up at seven", "we watched a movie last night", "how much power does the heater use",
        "dim the lights",
    ],
}
# Added after the recognizer's settings were chosen on the two sets above, to check them on unseen words.
VALIDATION = {
    "config": {"devices": [
        {"id": "reading", "name": "reading lamp", "area": "study", "protocol": "tasmota", "topic": "reading"},
        {"id": "dehumidifier", "name": "dehumidifier", "area": "basement", "protocol": "shelly", "topic": "shellyplug-dry"},
        {"id": "towels", "name": "towel warmer", "area": "bathroom", "protocol": "zigbee2mqtt", "topic": "towel_warmer"},
        {"id": "fountain", "name": "fountain", "aliases": ["water feature"], "area": "patio", "protocol": "tasmota", "topic": "fountain"},
    ]},
    "shortcuts": [("towels", "on", "bath time"), ("reading", "off", "good night")],
    "in": [
        ("turn on the reading lamp", "reading", "on"), ("switch off the dehumidifier", "dehumidifier", "off"),
        ("turn the towel warmer on", "towels", "on"), ("fountain off", "fountain", "off"), ("activate the water feature", "fountain", "on"),
        ("deactivate the dehumidifier", "dehumidifier", "off"), ("switch the reading lamp off", "reading", "off"),
        ("bath time", "towels", "on"), ("turn off the towel warmer in the bathroom", "towels", "off"),
        ("switch on the basement dehumidifier", "dehumidifier", "on"), ("good night", "reading", "off"), ("turn on the fountain", "fountain", "on"),
    ],
    "out": [
        "turn on the reading light in the hall", "is the fountain running", "what's on tv tonight", "switch to channel four",
        "how warm is the bathroom", "play the next song", "good evening", "where are my keys", "set the alarm for six",
        "turn the heat down", "the lamp is broken", "open the blinds",
    ],
}
# Added last, run once with the final settings: other devices, phrases and voices than everything above.
FINAL_CHECK = {
    "config": {"devices": [
        {"id": "lava", "name": "lava lamp", "area": "den", "protocol": "tasmota", "topic": "lava"},
        {"id": "blanket", "name": "electric blanket", "area": "bedroom", "protocol": "shelly", "topic": "shellyplug-blanket"},
        {"id": "router", "name": "wifi router", "aliases": ["internet"], "protocol": "tasmota", "topic": "router"},
        {"id": "mixer", "name": "stand mixer", "area": "kitchen", "protocol": "zigbee2mqtt", "topic": "mixer"},
        {"id": "lights", "name": "string lights", "area": "balcony", "protocol": "zigbee2mqtt", "topic": "string_lights"},
    ]},
    "shortcuts": [("lights", "on", "party time"), ("blanket", "on", "warm my bed")],
    "in": [
        ("turn on the lava lamp", "lava", "on"), ("switch the electric blanket off", "blanket", "off"),
        ("turn off the wifi router", "router", "off"), ("internet on", "router", "on"), ("activate the stand mixer", "mixer", "on"),
        ("deactivate the string lights", "lights", "off"), ("switch on the balcony string lights", "lights", "on"),
        ("party time", "lights", "on"), ("warm my bed", "blanket", "on"), ("turn the lava lamp off in the den", "lava", "off"),
        ("stand mixer off", "mixer", "off"), ("switch off the internet", "router", "off"),
    ],
    "out": [
        "turn on the lava flow", "is the internet down", "what a party that was", "switch off your phone", "make my bed",
        "mix the dough for ten minutes", "how do I reset the router", "tell me about lava", "turn left at the lights",
        "who is at the door", "stand up straight", "good morning to you",
    ],
    "voices": [("flite", "kal"), ("espeak", "en-us+f2", "170"), ("espeak", "en-us+m1", "160"), ("espeak", "en-us+m7", "180"),
               ("espeak", "en-us+f4", "150"), ("flite", "slt"), ("flite", "awb")],
}
# Written while the next stop's settings (frequency warp, phone loop) were chosen on the four sets above, and
# never used to choose them: other devices, phrases, near misses and voices again.
FRESH = {
    "config": {"devices": [
        {"id": "bedside", "name": "bedside lamp", "area": "bedroom", "protocol": "tasmota", "topic": "bedside"},
        {"id": "soundbar", "name": "sound bar", "aliases": ["speakers"], "area": "living room", "protocol": "shelly", "topic": "shellyplug-sound"},
        {"id": "fan", "name": "ceiling fan", "area": "office", "protocol": "zigbee2mqtt", "topic": "ceiling_fan"},
        {"id": "grow", "name": "grow light", "area": "greenhouse", "protocol": "tasmota", "topic": "grow"},
        {"id": "humidifier", "name": "humidifier", "area": "nursery", "protocol": "shelly", "topic": "shellyplug-humid"},
        {"id": "espresso", "name": "espresso machine", "area": "kitchen", "protocol": "tasmota", "topic": "espresso"},
    ]},
    "shortcuts": [("bedside", "on", "reading time"), ("fan", "on", "cool down")],
    "in": [
        ("turn on the bedside lamp", "bedside", "on"), ("switch the sound bar off", "soundbar", "off"),
        ("turn off the speakers", "soundbar", "off"), ("activate the ceiling fan", "fan", "on"), ("ceiling fan off", "fan", "off"),
        ("switch on the grow light in the greenhouse", "grow", "on"), ("deactivate the humidifier", "humidifier", "off"),
        ("turn the espresso machine on", "espresso", "on"), ("humidifier on", "humidifier", "on"),
        ("switch off the kitchen espresso machine", "espresso", "off"), ("reading time", "bedside", "on"), ("cool down", "fan", "on"),
    ],
    "out": [
        "turn on the bedside radio", "switch off the sound system", "turn on the ceiling light", "turn off the grow tent",
        "is the humidifier on", "make me an espresso", "reading is fun", "calm down", "what's the temperature in the greenhouse",
        "turn the music down", "thank you very much", "the fan is too loud",
    ],
    "voices": [("flite", "rms"), ("flite", "kal16"), ("espeak", "en-gb", "160"), ("espeak", "en-us+f1", "165"),
               ("espeak", "en-us+m2", "170"), ("espeak", "en-us+Annie", "160"), ("espeak", "en-us+klatt", "175"),
               ("espeak", "en-gb-x-rp+m4", "170")],
}
# The text matcher's other forms (Home Assistant's verbs "change", "bring", "put", "set", "power", "enable",
# "disable"; leading and trailing skip words) once the speech grammar took them from CommandGrammar.
FORMS = {
    "config": {"devices": [
        {"id": "heater", "name": "office heater", "area": "office", "protocol": "tasmota", "topic": "office_heater"},
        {"id": "rice", "name": "rice cooker", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-rice"},
        {"id": "monitor", "name": "baby monitor", "area": "nursery", "protocol": "zigbee2mqtt", "topic": "baby_monitor"},
        {"id": "tub", "name": "hot tub", "protocol": "tasmota", "topic": "hot_tub"},
        {"id": "charger", "name": "car charger", "protocol": "shelly", "topic": "shellyplug-car"},
        {"id": "freezer", "name": "chest freezer", "protocol": "tasmota", "topic": "freezer"},
    ]},
    "shortcuts": [("tub", "on", "spa night")],
    "in": [
        ("change the office heater to on", "heater", "on"), ("bring the rice cooker to off", "rice", "off"),
        ("change on the hot tub", "tub", "on"), ("bring on the car charger", "charger", "on"),
        ("power off the chest freezer", "freezer", "off"), ("put the baby monitor on", "monitor", "on"),
        ("enable the car charger", "charger", "on"), ("disable the hot tub", "tub", "off"),
        ("could you turn off the rice cooker", "rice", "off"), ("please switch on the office heater", "heater", "on"),
        ("set the chest freezer to on", "freezer", "on"), ("turn the baby monitor off for me", "monitor", "off"),
        ("spa night", "tub", "on"), ("change off the office heater please", "heater", "off"),
    ],
    "out": [
        "change the channel", "bring me the remote", "put on the radio", "set an alarm for seven", "power to the people",
        "could you check the hot tub temperature", "is the car charger on", "disable the alarm", "please stop",
        "change the office light to on", "bring the rice to a boil", "turn off the car alarm", "the freezer is full",
        "can you hear me",
    ],
}
# Written at the start of the stop after FORMS, before any change of that stop, and run once with the settings it
# started with: other devices (an unusual name, an alias), shortcuts, near misses, another language and voices again.
SECOND_FRESH = {
    "config": {"devices": [
        {"id": "towel", "name": "towel warmer", "area": "bathroom", "protocol": "tasmota", "topic": "towel"},
        {"id": "panels", "name": "nanoleaf panels", "aliases": ["wall lights"], "area": "living room", "protocol": "zigbee2mqtt", "topic": "nanoleaf"},
        {"id": "blanket", "name": "electric blanket", "area": "bedroom", "protocol": "shelly", "topic": "shellyplug-blanket"},
        {"id": "patio", "name": "patio heater", "area": "patio", "protocol": "tasmota", "topic": "patio_heater"},
        {"id": "dry", "name": "dehumidifier", "area": "basement", "protocol": "shelly", "topic": "shellyplug-dry"},
        {"id": "toaster", "name": "toaster", "area": "kitchen", "protocol": "tasmota", "topic": "toaster"},
    ]},
    "shortcuts": [("blanket", "on", "bedtime"), ("patio", "off", "party is over"), ("towel", "on", "shower time")],
    "in": [
        ("turn on the towel warmer", "towel", "on"), ("switch off the nanoleaf panels", "panels", "off"),
        ("turn the wall lights on", "panels", "on"), ("activate the electric blanket", "blanket", "on"),
        ("patio heater off", "patio", "off"), ("deactivate the dehumidifier in the basement", "dry", "off"),
        ("switch the toaster on", "toaster", "on"), ("turn off the electric blanket", "blanket", "off"),
        ("power on the patio heater", "patio", "on"), ("enable the dehumidifier", "dry", "on"),
        ("bedtime", "blanket", "on"), ("party is over", "patio", "off"), ("shower time", "towel", "on"),
        ("turn off the toaster in the kitchen", "toaster", "off"),
    ],
    "out": [
        "turn on the towel rack", "switch off the patio door light", "turn on the electric car", "is the dehumidifier running",
        "where are my keys", "i am going to bed", "buenos dias a todos", "the party is starting", "take a shower",
        "turn off the tap", "how warm is the bathroom", "toast some bread", "bedtime story please", "what time is it",
    ],
    "voices": [("flite", "awb"), ("flite", "slt"), ("espeak", "en-us-nyc", "165"), ("espeak", "en-gb-scotland", "160"),
               ("espeak", "en-029", "160"), ("espeak", "en-us+m5", "175"), ("espeak", "en-us+f5", "160"),
               ("espeak", "en-gb-x-gbclan+m6", "170")],
}
# Written in the same stop as SECOND_FRESH, before any of that stop's changes was measured, and run only once at its
# end: the honest figure for the settings that stop chose on the seven sets above.
THIRD_FRESH = {
    "config": {"devices": [
        {"id": "record", "name": "record player", "aliases": ["turntable"], "area": "den", "protocol": "tasmota", "topic": "record"},
        {"id": "cooker", "name": "slow cooker", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-cooker"},
        {"id": "sauna", "name": "sauna", "protocol": "tasmota", "topic": "sauna"},
        {"id": "night", "name": "night light", "area": "nursery", "protocol": "zigbee2mqtt", "topic": "night_light"},
        {"id": "bathfan", "name": "bathroom fan", "protocol": "shelly", "topic": "shellyplug-bathfan"},
        {"id": "laptop", "name": "laptop charger", "area": "study", "protocol": "tasmota", "topic": "laptop"},
    ]},
    "shortcuts": [("record", "on", "play some vinyl"), ("cooker", "on", "start dinner"), ("night", "off", "rise and shine")],
    "in": [
        ("turn on the record player", "record", "on"), ("switch the turntable off", "record", "off"),
        ("activate the slow cooker", "cooker", "on"), ("turn off the sauna", "sauna", "off"), ("night light on", "night", "on"),
        ("switch off the night light in the nursery", "night", "off"), ("turn the bathroom fan on", "bathfan", "on"),
        ("deactivate the bathroom fan", "bathfan", "off"), ("enable the laptop charger", "laptop", "on"),
        ("power off the laptop charger", "laptop", "off"), ("play some vinyl", "record", "on"), ("start dinner", "cooker", "on"),
        ("rise and shine", "night", "off"), ("switch on the sauna", "sauna", "on"),
    ],
    "out": [
        "turn on the record store", "switch off the bathroom light", "turn off the laptop screen", "is the sauna hot yet",
        "bonjour tout le monde", "play the next song", "start the car", "what is for dinner", "the night is young",
        "turn up the volume", "i need a new charger", "shine my shoes", "how slow is the cooker", "lock the front door",
    ],
    "voices": [("flite", "rms"), ("flite", "kal"), ("espeak", "en-gb-x-gbcwmd", "165"), ("espeak", "en-us+m6", "170"),
               ("espeak", "en-us+m8", "160"), ("espeak", "en-gb+f3", "165"), ("espeak", "en-us+Andy", "175"),
               ("espeak", "en-us+steph", "160")],
}
# Written at the end of the stop of SECOND_FRESH and THIRD_FRESH, before either binary in question had heard it, to
# decide one question that THIRD_FRESH had raised (the verbs "put" and "bring" in the speech grammar).
FOURTH_FRESH = {
    "config": {"devices": [
        {"id": "pool", "name": "pool pump", "area": "backyard", "protocol": "tasmota", "topic": "pool"},
        {"id": "fridge", "name": "garage fridge", "protocol": "shelly", "topic": "shellyplug-fridge"},
        {"id": "salt", "name": "salt lamp", "aliases": ["himalayan lamp"], "area": "study", "protocol": "zigbee2mqtt", "topic": "salt_lamp"},
        {"id": "iron", "name": "iron", "area": "laundry", "protocol": "tasmota", "topic": "iron"},
        {"id": "bread", "name": "bread maker", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-bread"},
        {"id": "tv", "name": "tv", "aliases": ["telly"], "area": "lounge", "protocol": "tasmota", "topic": "tv"},
    ]},
    "shortcuts": [("tv", "off", "enough tv"), ("pool", "on", "swim time"), ("bread", "on", "fresh bread")],
    "in": [
        ("turn on the pool pump", "pool", "on"), ("switch off the garage fridge", "fridge", "off"), ("salt lamp on", "salt", "on"),
        ("turn the himalayan lamp off", "salt", "off"), ("switch off the iron", "iron", "off"), ("activate the bread maker", "bread", "on"),
        ("turn off the tv in the lounge", "tv", "off"), ("switch the telly on", "tv", "on"), ("deactivate the pool pump", "pool", "off"),
        ("power on the garage fridge", "fridge", "on"), ("enough tv", "tv", "off"), ("swim time", "pool", "on"),
        ("fresh bread", "bread", "on"), ("turn on the iron", "iron", "on"),
    ],
    "out": [
        "put the kettle on", "bring me a towel", "turn on the pool light", "switch off the garage door", "is the iron hot",
        "watch some tv", "iron my shirt", "what time is it in tokyo", "the bread is stale", "salt and pepper",
        "turn the page", "switch it up", "guten abend", "who wants to swim",
    ],
    "voices": [("flite", "slt"), ("flite", "kal16"), ("espeak", "en-us+m4", "170"), ("espeak", "en-gb-x-rp+f2", "160"),
               ("espeak", "en-us+max", "165"), ("espeak", "en-us+edward", "175"), ("espeak", "en-gb+m3", "160"),
               ("espeak", "en-us+linda", "165")],
}
# Written in the stop after FOURTH_FRESH's, after its first change (flite's pronunciations) and before the others:
# other voices, devices (a one-word alias "fan", "sonos" not in the dictionary) and phrases than every set above.
# Heard once after the second change; what it showed (a very low voice losing commands) suggested the third, so it
# is not unseen for that one (SIXTH_FRESH is).
FIFTH_FRESH = {
    "config": {"devices": [
        {"id": "espresso", "name": "espresso machine", "aliases": ["coffee machine"], "area": "kitchen", "protocol": "tasmota", "topic": "espresso"},
        {"id": "ceiling", "name": "ceiling fan", "aliases": ["fan"], "area": "bedroom", "protocol": "shelly", "topic": "shellyplug-ceiling"},
        {"id": "grow", "name": "grow light", "area": "greenhouse", "protocol": "zigbee2mqtt", "topic": "grow_light"},
        {"id": "sonos", "name": "sonos speaker", "area": "family room", "protocol": "tasmota", "topic": "sonos"},
        {"id": "fairy", "name": "fairy lights", "area": "garden", "protocol": "shelly", "topic": "shellyplug-fairy"},
        {"id": "immersion", "name": "immersion heater", "protocol": "tasmota", "topic": "immersion"},
    ]},
    "shortcuts": [("espresso", "on", "coffee time"), ("sonos", "off", "quiet please"), ("grow", "on", "let it grow")],
    "in": [
        ("turn on the espresso machine", "espresso", "on"), ("switch the coffee machine off", "espresso", "off"),
        ("activate the ceiling fan", "ceiling", "on"), ("turn the fan off in the bedroom", "ceiling", "off"),
        ("grow light on", "grow", "on"), ("deactivate the grow light", "grow", "off"), ("switch on the sonos speaker", "sonos", "on"),
        ("enable the fairy lights", "fairy", "on"), ("power off the immersion heater", "immersion", "off"),
        ("turn on the immersion heater", "immersion", "on"), ("switch off the fairy lights in the garden", "fairy", "off"),
        ("coffee time", "espresso", "on"), ("quiet please", "sonos", "off"), ("let it grow", "grow", "on"),
    ],
    "out": [
        "turn on the ceiling light", "switch off the speaker phone", "is the fan on", "make me a cappuccino",
        "the plants need water", "fairy tales are fun", "what is the temperature outside", "turn the heat up",
        "good afternoon", "ich bin sehr müde", "how do i grow tomatoes", "open the window", "switch to channel five",
        "let it snow",
    ],
    "voices": [("flite", "rms"), ("flite", "awb"), ("espeak", "en-us+adam", "170"), ("espeak", "en-us+belinda", "160"),
               ("espeak", "en-us+david", "165"), ("espeak", "en-gb+aunty", "160"), ("espeak", "en-us+travis", "175"),
               ("espeak", "en-gb-x-rp+m1", "165")],
}
# Written in the same stop as FIFTH_FRESH, after FIFTH_FRESH had been heard and before the change it suggested (a
# warp chosen by the voice's pitch), and heard only at the end: the honest figure for that change.
SIXTH_FRESH = {
    "config": {"devices": [
        {"id": "projector", "name": "projector", "area": "basement", "protocol": "tasmota", "topic": "projector"},
        {"id": "bedside", "name": "bedside lamp", "aliases": ["nightstand lamp"], "area": "bedroom", "protocol": "zigbee2mqtt", "topic": "bedside"},
        {"id": "chair", "name": "massage chair", "area": "living room", "protocol": "shelly", "topic": "shellyplug-chair"},
        {"id": "wine", "name": "wine fridge", "area": "dining room", "protocol": "tasmota", "topic": "wine"},
        {"id": "heatlamp", "name": "heat lamp", "area": "bathroom", "protocol": "shelly", "topic": "shellyplug-heatlamp"},
        {"id": "garage", "name": "garage heater", "protocol": "tasmota", "topic": "garage_heater"},
    ]},
    "shortcuts": [("projector", "on", "cinema mode"), ("bedside", "off", "sleep tight"), ("chair", "on", "relax")],
    "in": [
        ("turn on the projector", "projector", "on"), ("switch the projector off", "projector", "off"),
        ("activate the massage chair", "chair", "on"), ("turn off the bedside lamp", "bedside", "off"),
        ("nightstand lamp on", "bedside", "on"), ("deactivate the wine fridge", "wine", "off"), ("switch on the heat lamp", "heatlamp", "on"),
        ("power on the garage heater", "garage", "on"), ("turn the garage heater off", "garage", "off"),
        ("enable the wine fridge in the dining room", "wine", "on"), ("switch off the heat lamp in the bathroom", "heatlamp", "off"),
        ("cinema mode", "projector", "on"), ("sleep tight", "bedside", "off"), ("relax", "chair", "on"),
    ],
    "out": [
        "turn on the subtitles", "switch off the lamp in the hallway", "is the wine fridge cold", "pour me a glass of wine",
        "the heater is broken", "what is on tv tonight", "turn the music up", "close the garage door", "sleep well my friend",
        "where is the remote", "how hot is the bathroom", "the projector needs a new bulb", "ciao bella", "start the movie",
    ],
    "voices": [("flite", "kal16"), ("flite", "slt"), ("espeak", "en-us+john", "170"), ("espeak", "en-us+robert", "160"),
               ("espeak", "en-us+quincy", "175"), ("espeak", "en-gb+grandpa", "155"), ("espeak", "en-us+Alicia", "165"),
               ("espeak", "en-us+shelby", "170")],
}
# Home Assistant's sentence forms, as ../shared/corpus's templates use them ("bring the X to off", "our X on",
# "change on my X", "the X to off"), and the negatives next to them (a negation, a question about a device, a verb
# without a device). Written before the stop that measured these forms, and used to choose its settings.
SEVENTH_TEMPLATES = {
    "config": {"devices": [
        {"id": "dehumidifier", "name": "dehumidifier", "area": "basement", "protocol": "tasmota", "topic": "dehumidifier"},
        {"id": "towel", "name": "towel warmer", "area": "bathroom", "protocol": "shelly", "topic": "shellyplug-towel"},
        {"id": "string", "name": "string lights", "area": "patio", "protocol": "zigbee2mqtt", "topic": "string_lights"},
        {"id": "bread", "name": "bread maker", "area": "kitchen", "protocol": "tasmota", "topic": "bread"},
        {"id": "monitor", "name": "monitor light", "area": "office", "protocol": "shelly", "topic": "shellyplug-monitor"},
        {"id": "sound", "name": "sound machine", "area": "nursery", "protocol": "tasmota", "topic": "sound"},
        {"id": "blanket", "name": "electric blanket", "area": "bedroom", "protocol": "zigbee2mqtt", "topic": "blanket"},
        {"id": "pond", "name": "pond pump", "area": "garden", "protocol": "shelly", "topic": "shelly1-pond"},
    ]},
    "shortcuts": [("blanket", "on", "warm the bed"), ("string", "off", "end the party")],
    "in": [
        ("bring the dehumidifier to off", "dehumidifier", "off"), ("our towel warmer on", "towel", "on"),
        ("change on my string lights", "string", "on"), ("turn my bread maker to on", "bread", "on"),
        ("switch the monitor light to off", "monitor", "off"), ("bring our sound machine on", "sound", "on"),
        ("the electric blanket to off", "blanket", "off"), ("deactivate our pond pump", "pond", "off"),
        ("change the dehumidifier off", "dehumidifier", "off"), ("my string lights off", "string", "off"),
        ("bring off the bread maker", "bread", "off"), ("switch on monitor light", "monitor", "on"),
        ("turn off the towel warmer in the bathroom", "towel", "off"), ("activate my sound machine", "sound", "on"),
        ("electric blanket on", "blanket", "on"), ("change our pond pump to on", "pond", "on"),
        ("bring my monitor light off", "monitor", "off"), ("switch our dehumidifier to on", "dehumidifier", "on"),
        ("warm the bed", "blanket", "on"), ("end the party", "string", "off"),
    ],
    "out": [
        "do not switch on the bread maker", "is the towel warmer on", "was the dehumidifier on last night", "turn off",
        "enable", "bring me a glass of water", "change the channel", "pond lights on", "switch off the desk lamp",
        "the monitor is too bright", "our guests arrive at six", "bring the laundry in", "turn the music down",
        "what is on tv tonight", "the party was great", "my bread is burnt",
        # Added while that stop chose what the grammar holds besides commands: what is said of a device without
        # asking to switch it.
        "who switched on the bread maker", "who turned off the towel warmer", "when did the pond pump turn on",
        "why is the sound machine on", "the bread maker is on", "the string lights are off", "is the dehumidifier still on",
        "schedule the pond pump for tomorrow", "check the towel warmer", "dim the string lights", "was the monitor light off",
        "how many watts does the electric blanket use", "don't switch on the bread maker", "don't turn off the towel warmer",
        "don't activate the pond pump", "never turn on the sound machine", "do not turn the dehumidifier off",
        "please don't switch off the string lights",
    ],
    "voices": [("flite", "slt"), ("flite", "rms"), ("flite", "kal16"), ("espeak", "en-us", "165"), ("espeak", "en-gb", "160"),
               ("espeak", "en-us+ed", "170"), ("espeak", "en-us+anika", "165"), ("espeak", "en-gb-x-rp+paul", "170")],
}
# Written with SEVENTH_TEMPLATES, before any change of that stop, and heard only at its end.
EIGHTH_UNSEEN = {
    "config": {"devices": [
        {"id": "patio", "name": "patio heater", "area": "patio", "protocol": "shelly", "topic": "shellyplug-patio"},
        {"id": "ice", "name": "ice maker", "area": "kitchen", "protocol": "tasmota", "topic": "ice"},
        {"id": "fairy", "name": "fairy lights", "area": "bedroom", "protocol": "zigbee2mqtt", "topic": "fairy_lights"},
        {"id": "spa", "name": "foot spa", "area": "bathroom", "protocol": "tasmota", "topic": "spa"},
        {"id": "laser", "name": "laser printer", "area": "study", "protocol": "shelly", "topic": "shellyplug-laser"},
        {"id": "grow", "name": "grow light", "area": "greenhouse", "protocol": "tasmota", "topic": "grow"},
        {"id": "ceiling", "name": "ceiling fan", "area": "living room", "protocol": "zigbee2mqtt", "topic": "ceiling_fan"},
        {"id": "slushie", "name": "slushie machine", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-slushie"},
    ]},
    "shortcuts": [("fairy", "on", "bedtime story"), ("spa", "off", "all done")],
    "in": [
        ("bring the ice maker on", "ice", "on"), ("turn on the patio heater", "patio", "on"),
        ("our fairy lights to on", "fairy", "on"), ("switch off my foot spa", "spa", "off"),
        ("change the laser printer to on", "laser", "on"), ("bring our grow light to off", "grow", "off"),
        ("the ceiling fan off", "ceiling", "off"), ("deactivate the slushie machine", "slushie", "off"),
        ("turn the patio heater off", "patio", "off"), ("switch our laser printer on", "laser", "on"),
        ("change off the grow light", "grow", "off"), ("my ceiling fan on", "ceiling", "on"),
        ("activate the foot spa", "spa", "on"), ("fairy lights off", "fairy", "off"),
        ("switch on the slushie machine in the kitchen", "slushie", "on"), ("bring off our patio heater", "patio", "off"),
        ("turn my ice maker to off", "ice", "off"), ("change on the ceiling fan", "ceiling", "on"),
        ("bedtime story", "fairy", "on"), ("all done", "spa", "off"),
    ],
    "out": [
        "do not turn on the patio heater", "is the ice maker off", "when did the ceiling fan turn on", "switch on",
        "disable", "bring me my slippers", "the printer is out of paper", "turn off the porch light",
        "change the light bulb", "ice machine on", "set the oven to three hundred", "fairy tales are fun",
        "how warm is the foot spa", "we are all done here", "read me a bedtime story", "grow up",
    ],
    "voices": [("flite", "awb"), ("flite", "kal"), ("espeak", "en-us", "150"), ("espeak", "en-gb-x-rp", "175"),
               ("espeak", "en-us+zac", "170"), ("espeak", "en-us+Mike", "160"), ("espeak", "en-us+norbert", "165"),
               ("espeak", "en-gb+victor", "170")],
}
# Written after EIGHTH_UNSEEN had been heard, to judge a change to a command word's pronunciation that was then
# not made, and heard once at the end of that stop: a second unseen figure for its changes.
NINTH_UNSEEN = {
    "config": {"devices": [
        {"id": "fryer", "name": "air fryer", "area": "kitchen", "protocol": "tasmota", "topic": "fryer"},
        {"id": "sump", "name": "sump pump", "area": "basement", "protocol": "shelly", "topic": "shelly1-sump"},
        {"id": "minifridge", "name": "mini fridge", "area": "garage", "protocol": "tasmota", "topic": "minifridge"},
        {"id": "deskheater", "name": "desk heater", "area": "office", "protocol": "zigbee2mqtt", "topic": "desk_heater"},
        {"id": "hall", "name": "hall light", "area": "hallway", "protocol": "shelly", "topic": "shellyplug-hall"},
        {"id": "bubble", "name": "bubble machine", "area": "patio", "protocol": "tasmota", "topic": "bubble"},
        {"id": "backlight", "name": "tv backlight", "area": "living room", "protocol": "zigbee2mqtt", "topic": "tv_backlight"},
        {"id": "guest", "name": "guest lamp", "area": "guest room", "protocol": "shelly", "topic": "shellyplug-guest"},
    ]},
    "shortcuts": [("guest", "on", "welcome home"), ("fryer", "off", "dinner is ready")],
    "in": [
        ("change on the air fryer", "fryer", "on"), ("change our sump pump to off", "sump", "off"),
        ("bring the mini fridge on", "minifridge", "on"), ("switch off my desk heater", "deskheater", "off"),
        ("turn on the hall light", "hall", "on"), ("the bubble machine to on", "bubble", "on"),
        ("our tv backlight off", "backlight", "off"), ("change the guest lamp off", "guest", "off"),
        ("deactivate the sump pump", "sump", "off"), ("switch our mini fridge to on", "minifridge", "on"),
        ("bring off the desk heater", "deskheater", "off"), ("turn my air fryer to off", "fryer", "off"),
        ("change off our hall light", "hall", "off"), ("activate the bubble machine", "bubble", "on"),
        ("guest lamp on", "guest", "on"), ("change my tv backlight to on", "backlight", "on"),
        ("turn the desk heater on in the office", "deskheater", "on"), ("switch on the mini fridge", "minifridge", "on"),
        ("welcome home", "guest", "on"), ("dinner is ready", "fryer", "off"),
    ],
    "out": [
        "do not switch on the air fryer", "is the hall light on", "who turned on the desk heater", "the sump pump is off",
        "check the mini fridge", "turn on the hall lamp", "change the oil", "bring the bubbles", "what is for dinner",
        "welcome to the jungle", "switch on the porch light", "the guest room is ready", "how loud is the sump pump",
        "turn the tv up", "air fryer recipes", "dim the hall light",
    ],
    "voices": [("flite", "slt"), ("flite", "rms"), ("espeak", "en-us", "185"), ("espeak", "en-gb", "145"),
               ("espeak", "en-us+pablo", "165"), ("espeak", "en-us+Gene", "170"), ("espeak", "en-gb+Andrea", "160"),
               ("espeak", "en-us+edward2", "165")],
}
# Written before this stop's first change and heard once at its end (other devices, shortcuts and voices again;
# espeak-ng voices not used before, with formants near the model's).
TENTH_UNSEEN = {
    "config": {"devices": [
        {"id": "water", "name": "water heater", "area": "basement", "protocol": "shelly", "topic": "shelly1-water"},
        {"id": "reading", "name": "reading lamp", "area": "den", "protocol": "tasmota", "topic": "reading"},
        {"id": "blanket", "name": "electric blanket", "area": "bedroom", "protocol": "zigbee2mqtt", "topic": "blanket"},
        {"id": "dehumidifier", "name": "dehumidifier", "area": "laundry room", "protocol": "tasmota", "topic": "dehum"},
        {"id": "fish", "name": "fish tank", "area": "living room", "protocol": "shelly", "topic": "shellyplug-fish"},
        {"id": "rice", "name": "rice cooker", "area": "kitchen", "protocol": "zigbee2mqtt", "topic": "rice_cooker"},
        {"id": "window", "name": "window fan", "area": "attic", "protocol": "tasmota", "topic": "windowfan"},
        {"id": "garden", "name": "garden lights", "area": "garden", "protocol": "shelly", "topic": "shellyplug-garden"},
    ]},
    "shortcuts": [("reading", "on", "story time"), ("blanket", "off", "rise and shine")],
    "in": [
        ("turn on the water heater", "water", "on"), ("change on the reading lamp", "reading", "on"),
        ("bring the electric blanket to off", "blanket", "off"), ("our dehumidifier on", "dehumidifier", "on"),
        ("switch off the fish tank", "fish", "off"), ("change my rice cooker to on", "rice", "on"),
        ("deactivate the window fan", "window", "off"), ("the garden lights to off", "garden", "off"),
        ("activate the water heater in the basement", "water", "on"), ("turn the reading lamp off", "reading", "off"),
        ("change off our electric blanket", "blanket", "off"), ("switch the dehumidifier on", "dehumidifier", "on"),
        ("bring on the fish tank", "fish", "on"), ("rice cooker off", "rice", "off"),
        ("change the window fan to on", "window", "on"), ("turn off my garden lights", "garden", "off"),
        ("switch on the electric blanket in the bedroom", "blanket", "on"), ("bring our window fan off", "window", "off"),
        ("story time", "reading", "on"), ("rise and shine", "blanket", "off"),
    ],
    "out": [
        "do not turn off the water heater", "is the fish tank on", "who switched off the reading lamp",
        "the rice cooker is on", "check the dehumidifier", "turn on the water cooler", "switch off the garden hose",
        "change the channel", "bring me a blanket", "what time is it", "tell me a story", "the window is open",
        "how hot is the water heater", "rice and beans", "turn up the heat", "good morning",
    ],
    "voices": [("flite", "kal16"), ("flite", "awb"), ("espeak", "en-us", "160"), ("espeak", "en-us+rob", "165"),
               ("espeak", "en-us+Denis", "170"), ("espeak", "en-gb+pedro", "165"), ("espeak", "en-us+steph2", "175"),
               ("espeak", "en-us+klatt3", "160")],
}
# Written after TENTH_UNSEEN had been heard, before the change it suggested (an area before a name only where
# that device is), and heard at the end of that stop with and without the change, which was then taken back.
ELEVENTH_UNSEEN = {
    "config": {"devices": [
        {"id": "hood", "name": "range hood", "area": "kitchen", "protocol": "tasmota", "topic": "hood"},
        {"id": "tub", "name": "hot tub", "area": "yard", "protocol": "shelly", "topic": "shelly1-tub"},
        {"id": "desk", "name": "desk lamp", "area": "study", "protocol": "zigbee2mqtt", "topic": "desk_lamp"},
        {"id": "floor", "name": "floor lamp", "area": "hall", "protocol": "tasmota", "topic": "floorlamp"},
        {"id": "heatpad", "name": "heating pad", "area": "bedroom", "protocol": "shelly", "topic": "shellyplug-pad"},
        {"id": "humid", "name": "humidifier", "area": "nursery", "protocol": "zigbee2mqtt", "topic": "humidifier"},
        {"id": "speakers", "name": "speakers", "area": "office", "protocol": "tasmota", "topic": "speakers"},
        {"id": "lantern", "name": "paper lantern", "area": "porch", "protocol": "shelly", "topic": "shellyplug-lantern"},
    ]},
    "shortcuts": [("desk", "on", "homework time"), ("tub", "off", "pool party is over")],
    "in": [
        ("turn on the range hood", "hood", "on"), ("change our hot tub to off", "tub", "off"),
        ("bring the desk lamp on", "desk", "on"), ("switch off the floor lamp in the hall", "floor", "off"),
        ("activate my heating pad", "heatpad", "on"), ("the humidifier to off", "humid", "off"),
        ("turn the speakers on", "speakers", "on"), ("change off the paper lantern", "lantern", "off"),
        ("deactivate the range hood", "hood", "off"), ("switch on our hot tub", "tub", "on"),
        ("turn my desk lamp to off", "desk", "off"), ("floor lamp on", "floor", "on"),
        ("bring off the heating pad", "heatpad", "off"), ("switch the humidifier on in the nursery", "humid", "on"),
        ("change the speakers to off", "speakers", "off"), ("turn on the paper lantern on the porch", "lantern", "on"),
        ("our study desk lamp on", "desk", "on"), ("turn off the kitchen range hood", "hood", "off"),
        ("homework time", "desk", "on"), ("pool party is over", "tub", "off"),
    ],
    "out": [
        "do not turn on the range hood", "is the hot tub warm", "who turned off the floor lamp", "the speakers are on",
        "check the humidifier", "turn on the lava lamp", "switch off the space heater", "change the sheets",
        "bring me the paper", "what is the time", "play some music", "the desk is messy", "how humid is the nursery",
        "turn it down", "party time", "good evening",
    ],
    "voices": [("flite", "slt"), ("flite", "kal"), ("espeak", "en-us", "170"), ("espeak", "en-gb", "155"),
               ("espeak", "en-us+Michael", "165"), ("espeak", "en-us+Hugo", "170"), ("espeak", "en-gb+steph3", "165"),
               ("espeak", "en-us+klatt4", "165")],
}
# Written at the start of the stop after the eleventh had been heard, before any change of that stop, and heard
# once at its end (other devices, shortcuts and voices again; flite rms and slt, espeak-ng voices not used before).
TWELFTH_UNSEEN = {
    "config": {"devices": [
        {"id": "kettle", "name": "tea kettle", "area": "kitchen", "protocol": "tasmota", "topic": "teakettle"},
        {"id": "xmas", "name": "christmas tree", "area": "living room", "protocol": "shelly", "topic": "shellyplug-tree"},
        {"id": "dryer", "name": "hair dryer", "area": "bathroom", "protocol": "zigbee2mqtt", "topic": "hair_dryer"},
        {"id": "porch", "name": "porch light", "area": "porch", "protocol": "tasmota", "topic": "porchlight"},
        {"id": "heater", "name": "oil heater", "area": "workshop", "protocol": "shelly", "topic": "shelly1-oil"},
        {"id": "console", "name": "game console", "area": "playroom", "protocol": "zigbee2mqtt", "topic": "console"},
        {"id": "waffle", "name": "waffle iron", "area": "kitchen", "protocol": "tasmota", "topic": "waffle"},
        {"id": "pump", "name": "well pump", "area": "shed", "protocol": "shelly", "topic": "shellyplug-well"},
    ]},
    "shortcuts": [("xmas", "on", "deck the halls"), ("console", "off", "bedtime for gamers")],
    "in": [
        ("turn on the tea kettle", "kettle", "on"), ("switch off the christmas tree", "xmas", "off"),
        ("bring the hair dryer to on", "dryer", "on"), ("the porch light off", "porch", "off"),
        ("activate the oil heater in the workshop", "heater", "on"), ("change my game console to off", "console", "off"),
        ("turn the waffle iron on", "waffle", "on"), ("deactivate the well pump", "pump", "off"),
        ("switch the tea kettle off", "kettle", "off"), ("turn on our christmas tree", "xmas", "on"),
        ("change off the hair dryer", "dryer", "off"), ("switch on the porch light", "porch", "on"),
        ("oil heater off", "heater", "off"), ("bring on the game console", "console", "on"),
        ("turn off the waffle iron in the kitchen", "waffle", "off"), ("change the well pump to on", "pump", "on"),
        ("switch off the shed well pump", "pump", "off"), ("turn my porch light on please", "porch", "on"),
        ("deck the halls", "xmas", "on"), ("bedtime for gamers", "console", "off"),
    ],
    "out": [
        "do not switch off the christmas tree", "is the tea kettle hot", "who turned on the porch light",
        "the waffle iron is off", "check the well pump", "turn on the tea light", "switch off the oil lamp",
        "change the tires", "bring me some tea", "what day is it", "read me the news", "the game is over",
        "how cold is the workshop", "pancakes or waffles", "open the garage", "good night everyone",
    ],
    "voices": [("flite", "rms"), ("flite", "slt"), ("espeak", "en-us", "150"), ("espeak", "en-gb", "175"),
               ("espeak", "en-us+antonio", "160"), ("espeak", "en-us+sandro", "165"), ("espeak", "en-us+klatt2", "160"),
               ("espeak", "en-gb-x-gbclan", "165")],
}
# Written at the start of the stop after the twelfth had been heard, before any change of that stop, and heard
# once at its end: other devices, areas and shortcuts, Home Assistant's forms as ../shared/corpus's templates use
# them (one with "of" before the area, which the grammar leaves out), two default voices and four espeak-ng
# variants not used before, drawn at random from those that are not effects (whisper, robot, …).
THIRTEENTH_UNSEEN = {
    "config": {"devices": [
        {"id": "space", "name": "space heater", "area": "sunroom", "protocol": "tasmota", "topic": "spaceheater"},
        {"id": "zapper", "name": "bug zapper", "area": "terrace", "protocol": "shelly", "topic": "shellyplug-zapper"},
        {"id": "fireplace", "name": "electric fireplace", "area": "loft", "protocol": "zigbee2mqtt", "topic": "fireplace"},
        {"id": "beer", "name": "beer fridge", "area": "cellar", "protocol": "tasmota", "topic": "beerfridge"},
        {"id": "boots", "name": "boot dryer", "area": "mudroom", "protocol": "shelly", "topic": "shelly1-boots"},
        {"id": "juicer", "name": "juicer", "area": "pantry", "protocol": "tasmota", "topic": "juicer"},
        {"id": "neon", "name": "neon sign", "area": "game room", "protocol": "zigbee2mqtt", "topic": "neon_sign"},
    ]},
    "shortcuts": [("fireplace", "on", "cozy evening"), ("neon", "off", "last call")],
    "in": [
        ("change the space heater to on", "space", "on"), ("bring our bug zapper off", "zapper", "off"),
        ("switch on my electric fireplace", "fireplace", "on"), ("turn the beer fridge off", "beer", "off"),
        ("turn off the boot dryer in the mudroom", "boots", "off"), ("change off our juicer", "juicer", "off"),
        ("the neon sign to on", "neon", "on"), ("deactivate the space heater", "space", "off"),
        ("activate my beer fridge", "beer", "on"), ("our electric fireplace off", "fireplace", "off"),
        ("bring the neon sign in the game room to off", "neon", "off"), ("switch the bug zapper on", "zapper", "on"),
        ("change my boot dryer to on", "boots", "on"), ("juicer off", "juicer", "off"),
        ("turn on the space heater across the sunroom", "space", "on"), ("switch off the beer fridge at the cellar", "beer", "off"),
        ("bring the electric fireplace of the loft on", "fireplace", "on"), ("enable the neon sign", "neon", "on"),
        ("cozy evening", "fireplace", "on"), ("last call", "neon", "off"),
    ],
    "out": [
        "is the space heater on", "do not turn on the bug zapper", "how much power does the beer fridge use",
        "who switched off the neon sign", "the juicer is off", "power on the popcorn maker", "switch on the garage door",
        "turn up the heat", "play some jazz", "set a timer for ten minutes", "lock the back door", "what is the forecast",
        "the fireplace looks nice", "call mom", "open the blinds", "last time we met",
    ],
    "voices": [("flite", "kal"), ("flite", "awb"), ("espeak", "en-us", "175"), ("espeak", "en-gb", "165"),
               ("espeak", "en-us+Henrique", "160"), ("espeak", "en-us+iven4", "170"), ("espeak", "en-gb+AnxiousAndy", "165"),
               ("espeak", "en-us+benjamin", "160")],
}
FOURTEENTH_UNSEEN = {
    "config": {"devices": [
        {"id": "sewing", "name": "sewing machine", "area": "craft room", "protocol": "tasmota", "topic": "sewing"},
        {"id": "labels", "name": "label printer", "area": "studio", "protocol": "shelly", "topic": "shellyplug-labels"},
        {"id": "disco", "name": "disco ball", "area": "rec room", "protocol": "zigbee2mqtt", "topic": "disco_ball"},
        {"id": "bottle", "name": "bottle warmer", "area": "kids room", "protocol": "tasmota", "topic": "bottlewarmer"},
        {"id": "pizza", "name": "pizza oven", "area": "deck", "protocol": "shelly", "topic": "shellyplug-pizza"},
        {"id": "press", "name": "trouser press", "area": "closet", "protocol": "zigbee2mqtt", "topic": "trouser_press"},
        {"id": "coop", "name": "coop heater", "area": "barn", "protocol": "tasmota", "topic": "coopheater"},
    ]},
    "shortcuts": [("disco", "on", "dance floor"), ("bottle", "on", "feeding time")],
    "in": [
        ("turn on the sewing machine", "sewing", "on"), ("switch the label printer off", "labels", "off"),
        ("bring our disco ball to on", "disco", "on"), ("deactivate my bottle warmer", "bottle", "off"),
        ("the pizza oven off", "pizza", "off"), ("change the trouser press to off", "press", "off"),
        ("activate the coop heater in the barn", "coop", "on"), ("switch off the sewing machine in the craft room", "sewing", "off"),
        ("label printer on", "labels", "on"), ("please turn off the disco ball", "disco", "off"),
        ("enable our pizza oven", "pizza", "on"), ("turn the bottle warmer on", "bottle", "on"),
        ("bring off my trouser press", "press", "off"), ("power on the coop heater", "coop", "on"),
        ("switch on the disco ball at the rec room", "disco", "on"), ("our sewing machine to on", "sewing", "on"),
        ("change on the pizza oven", "pizza", "on"), ("disable the label printer", "labels", "off"),
        ("dance floor", "disco", "on"), ("feeding time", "bottle", "on"),
    ],
    "out": [
        "turn on the label maker", "switch off the disco light", "activate the bottle opener", "turn off the coffee grinder",
        "switch on my heated blanket", "please turn on the dishwasher", "bring the pressure washer to on",
        "the pasta maker off", "enable the sprinklers", "turn on the garage lights", "is the disco ball on",
        "did you turn off the pizza oven", "the sewing machine is broken", "never turn on the coop heater",
        "what time is it", "remind me to call the vet", "turn the music down", "how warm is the barn",
        "order more printer labels", "good night everyone",
    ],
    "voices": [("flite", "slt"), ("flite", "rms"), ("espeak", "en-us", "160"), ("espeak", "en-gb-x-rp", "165"),
               ("espeak", "en-us+Lee", "165"), ("espeak", "en-us+Nguyen", "170"), ("espeak", "en-gb+miguel", "160"),
               ("espeak", "en-us+michel", "175")],
}
# Written at the start of the stop after the fourteenth had been heard, before any change of that stop, and heard
# once at its end: names whose last word is short or weak ("oven" was the fourteenth's trouble), two names that share
# a first word, commands with "please" and "for me" after them, and ten command frames around devices that do not
# exist, several sharing a first word with a configured name; two default voices and four espeak-ng variants not
# used before (`random.seed(20261130)` over the unused ones that are not effects).
FIFTEENTH_UNSEEN = {
    "config": {"devices": [
        {"id": "vinyl", "name": "vinyl player", "area": "music room", "protocol": "tasmota", "topic": "vinyl"},
        {"id": "melter", "name": "snow melter", "area": "driveway", "protocol": "shelly", "topic": "shellyplug-snow"},
        {"id": "fountain", "name": "cat fountain", "area": "utility room", "protocol": "zigbee2mqtt", "topic": "cat_fountain"},
        {"id": "plantlamp", "name": "plant lamp", "area": "conservatory", "protocol": "tasmota", "topic": "plantlamp"},
        {"id": "mister", "name": "plant mister", "area": "conservatory", "protocol": "shelly", "topic": "shelly1-mister"},
        {"id": "popcorn", "name": "popcorn machine", "area": "media room", "protocol": "zigbee2mqtt", "topic": "popcorn"},
        {"id": "bike", "name": "bike charger", "area": "entryway", "protocol": "tasmota", "topic": "bikecharger"},
        {"id": "soda", "name": "soda maker", "area": "bar", "protocol": "shelly", "topic": "shellyplug-soda"},
    ]},
    "shortcuts": [("popcorn", "on", "roll the film"), ("plantlamp", "off", "let the plants sleep")],
    "in": [
        ("turn on the vinyl player please", "vinyl", "on"), ("switch off the snow melter for me", "melter", "off"),
        ("bring the cat fountain to on", "fountain", "on"), ("the plant lamp off", "plantlamp", "off"),
        ("activate the plant mister in the conservatory", "mister", "on"), ("change my popcorn machine to off", "popcorn", "off"),
        ("turn the bike charger on", "bike", "on"), ("deactivate our soda maker", "soda", "off"),
        ("switch the vinyl player off in the music room", "vinyl", "off"), ("enable the snow melter", "melter", "on"),
        ("cat fountain off", "fountain", "off"), ("please switch on the plant lamp", "plantlamp", "on"),
        ("turn off the plant mister please", "mister", "off"), ("power on the popcorn machine in the media room", "popcorn", "on"),
        ("disable the bike charger", "bike", "off"), ("soda maker to on", "soda", "on"),
        ("switch on the snow melter at the driveway", "melter", "on"), ("turn off the cat fountain in the utility room", "fountain", "off"),
        ("roll the film", "popcorn", "on"), ("let the plants sleep", "plantlamp", "off"),
    ],
    "out": [
        "turn on the plant light", "switch off the snow blower", "activate the cat feeder", "turn off the bike light",
        "please turn on the soda stream", "bring the cat door to off", "the heat gun on", "switch on the record player",
        "turn off the movie projector", "enable the ice machine", "is the snow melter on",
        "did anyone turn off the vinyl player", "water the plants", "the popcorn machine is empty",
        "what is on tv tonight", "how much soda is left", "play some records", "set an alarm for seven",
        "feed the cat", "see you tomorrow",
    ],
    "voices": [("flite", "awb"), ("flite", "kal"), ("espeak", "en-us", "165"), ("espeak", "en-gb", "170"),
               ("espeak", "en-us+Marco", "165"), ("espeak", "en-us+Diogo", "160"), ("espeak", "en-gb+Mario", "170"),
               ("espeak", "en-us+klatt5", "165")],
}
SIXTEENTH_UNSEEN = {
    "config": {"devices": [
        {"id": "treadmill", "name": "treadmill", "area": "gym", "protocol": "tasmota", "topic": "treadmill"},
        {"id": "rack", "name": "drying rack", "area": "airing cupboard", "protocol": "shelly", "topic": "shellyplug-rack"},
        {"id": "workbench", "name": "workbench light", "area": "tool shed", "protocol": "zigbee2mqtt", "topic": "workbench_light"},
        {"id": "birdbath", "name": "bird bath heater", "area": "courtyard", "protocol": "tasmota", "topic": "birdbath"},
        {"id": "yogurt", "name": "yogurt maker", "area": "kitchenette", "protocol": "shelly", "topic": "shellyplug-yogurt"},
        {"id": "rail", "name": "heated towel rail", "aliases": ["towel rail"], "area": "ensuite", "protocol": "zigbee2mqtt",
         "topic": "towel_rail"},
        {"id": "sconce", "name": "mood lamp", "aliases": ["wall sconce"], "area": "snug", "protocol": "tasmota", "topic": "sconce"},
        {"id": "stove", "name": "pellet stove", "area": "cabin", "protocol": "shelly", "topic": "shellyplug-stove"},
    ]},
    "shortcuts": [("treadmill", "on", "time to run"), ("stove", "off", "warm enough")],
    "in": [
        ("switch on the treadmill in the gym", "treadmill", "on"), ("turn off the drying rack", "rack", "off"),
        ("bring the workbench light to on", "workbench", "on"), ("the yogurt maker off", "yogurt", "off"),
        ("activate the bird bath heater", "birdbath", "on"), ("change my towel rail to on", "rail", "on"),
        ("turn the wall sconce off", "sconce", "off"), ("disable the pellet stove in the cabin", "stove", "off"),
        ("please turn on the snug mood lamp", "sconce", "on"), ("power off the yogurt maker in the kitchenette", "yogurt", "off"),
        ("workbench light off", "workbench", "off"), ("switch the pellet stove on for me", "stove", "on"),
        ("deactivate the treadmill", "treadmill", "off"), ("turn on the heated towel rail please", "rail", "on"),
        ("enable our drying rack", "rack", "on"), ("turn off the courtyard bird bath heater", "birdbath", "off"),
        ("set the mood lamp to on", "sconce", "on"), ("switch off the heated towel rail in the ensuite", "rail", "off"),
        ("time to run", "treadmill", "on"), ("warm enough", "stove", "off"),
    ],
    "out": [
        "switch on the rowing machine", "turn off the bird feeder", "activate the towel dryer", "enable the pellet grill",
        "turn off the workbench fan", "bring the yogurt machine to on", "the mood light on", "switch off the gym speaker",
        "power on the cabin heater", "disable the courtyard fountain", "how fast is the treadmill",
        "is the pellet stove still burning", "the yogurt needs eight hours", "did you leave the workbench light on",
        "what time does the gym open", "hang the towels on the rail", "i am going for a run", "order more pellets",
        "tell me a joke", "good night everyone",
    ],
    # Voices: flite rms and slt; espeak-ng's English accents no set had used (Caribbean, Lancaster, West Midlands,
    # Scottish); two variants drawn at random (random.seed(20261201)) from the unused ones that are not effects.
    "voices": [("flite", "rms"), ("flite", "slt"), ("espeak", "en-029", "165"), ("espeak", "en-gb-x-gbclan", "170"),
               ("espeak", "en-gb-x-gbcwmd", "160"), ("espeak", "en-gb-scotland", "175"),
               ("espeak", "en-gb-x-rp+Jacky", "165"), ("espeak", "en-us+announcer", "170")],
}
SEVENTEENTH_UNSEEN = {
    "config": {"devices": [
        {"id": "diffuser", "name": "aroma diffuser", "aliases": ["oil diffuser"], "area": "spare room", "protocol": "tasmota",
         "topic": "diffuser"},
        {"id": "brooder", "name": "chick brooder", "area": "henhouse", "protocol": "shelly", "topic": "shellyplug-brooder"},
        {"id": "kiln", "name": "kiln", "area": "pottery studio", "protocol": "zigbee2mqtt", "topic": "kiln"},
        {"id": "warmer", "name": "dish warmer", "area": "scullery", "protocol": "tasmota", "topic": "dishwarmer"},
        {"id": "ringlight", "name": "ring light", "area": "box room", "protocol": "shelly", "topic": "shellyplug-ringlight"},
        {"id": "baitfridge", "name": "bait fridge", "area": "boathouse", "protocol": "zigbee2mqtt", "topic": "bait_fridge"},
        {"id": "footwarmer", "name": "foot warmer", "area": "reading nook", "protocol": "tasmota", "topic": "footwarmer"},
        {"id": "heatmat", "name": "seed heat mat", "aliases": ["heat mat"], "area": "potting shed", "protocol": "shelly",
         "topic": "shellyplug-heatmat"},
    ]},
    "shortcuts": [("brooder", "off", "hens to bed"), ("kiln", "on", "clay time")],
    "in": [
        ("turn on the aroma diffuser", "diffuser", "on"), ("switch off the chick brooder in the henhouse", "brooder", "off"),
        ("activate the kiln", "kiln", "on"), ("the dish warmer on", "warmer", "on"),
        ("turn the ring light off", "ringlight", "off"), ("bring the bait fridge to on", "baitfridge", "on"),
        ("please switch on the foot warmer", "footwarmer", "on"), ("disable the seed heat mat", "heatmat", "off"),
        ("enable my oil diffuser", "diffuser", "on"), ("power off the kiln in the pottery studio", "kiln", "off"),
        ("set the heat mat to on", "heatmat", "on"), ("deactivate the scullery dish warmer", "warmer", "off"),
        ("switch the chick brooder on for me", "brooder", "on"), ("turn off the bait fridge in the boathouse", "baitfridge", "off"),
        ("ring light on", "ringlight", "on"), ("turn off our foot warmer please", "footwarmer", "off"),
        ("change the aroma diffuser to off", "diffuser", "off"), ("turn on the potting shed heat mat", "heatmat", "on"),
        ("hens to bed", "brooder", "off"), ("clay time", "kiln", "on"),
    ],
    "out": [
        "turn on the aroma lamp", "switch off the chick feeder", "activate the pizza kiln", "enable the dish washer",
        "turn off the ring doorbell", "bring the bait box to on", "the foot spa off", "switch on the heat gun",
        "power off the boathouse lights", "disable the henhouse door", "is the kiln hot yet",
        "how warm is the foot warmer", "the chicks need more light", "did someone unplug the bait fridge",
        "what smell is that", "put the dishes away", "we caught three fish today", "remind me to feed the hens",
        "play the news", "thanks that is all",
    ],
    # Voices: flite awb and kal16; each of espeak-ng's six English accents other than en-us and en-gb with a variant
    # and a speed drawn at random (random.seed(20261130)); written before any of it was heard.
    "voices": [("flite", "awb"), ("flite", "kal16"), ("espeak", "en-029+m3", "150"), ("espeak", "en-gb-x-gbcwmd+f3", "175"),
               ("espeak", "en-gb-scotland+m1", "155"), ("espeak", "en-us-nyc+m6", "160"),
               ("espeak", "en-gb-x-gbclan+m6", "180"), ("espeak", "en-gb-x-rp+m5", "165")],
}
EIGHTEENTH_UNSEEN = {
    "config": {"devices": [
        {"id": "plunge", "name": "cold plunge", "area": "back garden", "protocol": "tasmota", "topic": "coldplunge"},
        {"id": "cooler", "name": "bottle cooler", "aliases": ["drinks fridge"], "area": "pool house", "protocol": "shelly",
         "topic": "shellyplug-cooler"},
        {"id": "mattress", "name": "mattress warmer", "area": "master bedroom", "protocol": "zigbee2mqtt", "topic": "mattress"},
        {"id": "incubator", "name": "egg incubator", "area": "utility shed", "protocol": "tasmota", "topic": "incubator"},
        {"id": "standing", "name": "standing lamp", "area": "front room", "protocol": "shelly", "topic": "shellyplug-standing"},
        {"id": "drone", "name": "drone charger", "area": "hobby room", "protocol": "zigbee2mqtt", "topic": "drone_charger"},
        {"id": "govee", "name": "govee strip", "area": "snooker room", "protocol": "tasmota", "topic": "govee"},
        {"id": "fog", "name": "fog machine", "aliases": ["smoke machine"], "area": "cinema room", "protocol": "shelly",
         "topic": "shellyplug-fog"},
    ]},
    "shortcuts": [("plunge", "on", "ice bath ready"), ("fog", "off", "party is over")],
    "in": [
        ("turn on the cold plunge", "plunge", "on"), ("switch off the bottle cooler in the pool house", "cooler", "off"),
        ("activate the mattress warmer", "mattress", "on"), ("the egg incubator off", "incubator", "off"),
        ("turn the standing lamp on", "standing", "on"), ("bring the drone charger to off", "drone", "off"),
        ("please switch on the govee strip", "govee", "on"), ("disable the fog machine", "fog", "off"),
        ("enable my drinks fridge", "cooler", "on"), ("power off the mattress warmer in the master bedroom", "mattress", "off"),
        ("set the smoke machine to on", "fog", "on"), ("deactivate the front room standing lamp", "standing", "off"),
        ("switch the egg incubator on for me", "incubator", "on"), ("turn off the drone charger in the hobby room", "drone", "off"),
        ("govee strip off", "govee", "off"), ("turn off our cold plunge please", "plunge", "off"),
        ("change the bottle cooler to on", "cooler", "on"), ("turn on the snooker room govee strip", "govee", "on"),
        ("ice bath ready", "plunge", "on"), ("party is over", "fog", "off"),
    ],
    "out": [
        "turn on the cold tap", "switch off the bottle opener", "activate the mattress pump", "enable the egg timer",
        "turn off the standing desk", "bring the drone camera to on", "the fog horn off", "switch on the snooker lights",
        "power off the pool house heater", "disable the smoke alarm", "is the plunge cold yet",
        "how many eggs are in the incubator", "the drinks are in the fridge", "who left the standing lamp on",
        "what time is the party", "fly the drone over the garden", "we need more ice", "remind me to charge the drone",
        "play some music", "that will be all",
    ],
    # Voices: flite slt and kal (8 kHz), espeak-ng en-us and en-gb, and four espeak-ng variants not used before, drawn
    # at random (random.seed(20261202)) from those that are not effects (caleb, a whisper, left out), with speeds drawn
    # alike; written before any of it was heard.
    "voices": [("flite", "slt"), ("flite", "kal"), ("espeak", "en-us+Gene2", "160"), ("espeak", "en-us+klatt6", "160"),
               ("espeak", "en-gb+iven", "160"), ("espeak", "en-us+Alex", "150"), ("espeak", "en-us", "170"),
               ("espeak", "en-gb", "180")],
}
NINETEENTH_UNSEEN = {
    "config": {"devices": [
        {"id": "terrarium", "name": "terrarium light", "area": "reptile room", "protocol": "tasmota", "topic": "terrarium"},
        {"id": "bubble", "name": "bubble tube", "area": "sensory room", "protocol": "shelly", "topic": "shellyplug-bubble"},
        {"id": "wine", "name": "wine chiller", "aliases": ["wine cooler"], "area": "games room", "protocol": "zigbee2mqtt",
         "topic": "wine_chiller"},
        {"id": "press", "name": "heat press", "area": "studio", "protocol": "tasmota", "topic": "heatpress"},
        {"id": "tortoise", "name": "tortoise lamp", "area": "reptile room", "protocol": "shelly", "topic": "shellyplug-tortoise"},
        {"id": "wax", "name": "wax melter", "area": "landing", "protocol": "zigbee2mqtt", "topic": "wax_melter"},
        {"id": "dehydrator", "name": "dehydrator", "area": "larder", "protocol": "tasmota", "topic": "dehydrator"},
        {"id": "crockpot", "name": "crockpot", "aliases": ["slow cooker"], "area": "kitchen", "protocol": "shelly",
         "topic": "shellyplug-crockpot"},
        {"id": "jukebox", "name": "jukebox", "area": "games room", "protocol": "zigbee2mqtt", "topic": "jukebox"},
    ]},
    "shortcuts": [("dehydrator", "on", "jerky time"), ("crockpot", "off", "dinner is served")],
    "in": [
        ("turn on the terrarium light", "terrarium", "on"), ("switch off the bubble tube in the sensory room", "bubble", "off"),
        ("activate the wine chiller", "wine", "on"), ("the heat press off", "press", "off"),
        ("turn the tortoise lamp on", "tortoise", "on"), ("bring the wax melter to off", "wax", "off"),
        ("please switch on the dehydrator", "dehydrator", "on"), ("disable the crockpot", "crockpot", "off"),
        ("enable my wine cooler", "wine", "on"), ("power off the jukebox in the games room", "jukebox", "off"),
        ("set the slow cooker to on", "crockpot", "on"), ("deactivate the reptile room terrarium light", "terrarium", "off"),
        ("switch the bubble tube on for me", "bubble", "on"), ("turn off the heat press in the studio", "press", "off"),
        ("jukebox on", "jukebox", "on"), ("turn off our tortoise lamp please", "tortoise", "off"),
        ("change the wax melter to on", "wax", "on"), ("turn on the larder dehydrator", "dehydrator", "on"),
        ("jerky time", "dehydrator", "on"), ("dinner is served", "crockpot", "off"),
    ],
    "out": [
        "turn on the terrarium heater", "switch off the bubble machine", "activate the wine rack", "enable the heat gun",
        "turn off the tortoise feeder", "bring the wax warmer to on", "the games console off", "switch on the studio lights",
        "power off the larder freezer", "disable the slow roaster", "is the tortoise asleep", "how hot is the heat press",
        "the wine is chilling", "who put a record on the jukebox", "what time does the jerky finish", "feed the tortoise",
        "we ran out of wax", "remind me to clean the tube", "play something cheerful", "that is everything",
    ],
    # Voices: flite kal (flite's default) and rms, espeak-ng's default voice by its own name (en), en-us and en-gb-x-rp,
    # and three variants not used before, drawn at random (random.seed(20261203)) from those that are not effects
    # (whispers, robots, croak, demonic left out), speeds drawn alike; written before any of it was heard.
    "voices": [("flite", "kal"), ("flite", "rms"), ("espeak", "en", "175"), ("espeak", "en-us", "165"),
               ("espeak", "en-gb-x-rp", "170"), ("espeak", "en-us+RicishayMax2", "160"), ("espeak", "en-us+Mr serious", "160"),
               ("espeak", "en-us+marcelo", "160")],
}
TWENTIETH_UNSEEN = {
    "config": {"devices": [
        {"id": "koi", "name": "koi pond filter", "area": "garden", "protocol": "tasmota", "topic": "koi_filter"},
        {"id": "straightener", "name": "hair straightener", "aliases": ["hair iron"], "area": "bathroom", "protocol": "shelly",
         "topic": "shellyplug-straightener"},
        {"id": "fondue", "name": "fondue pot", "area": "dining room", "protocol": "zigbee2mqtt", "topic": "fondue_pot"},
        {"id": "radiator", "name": "oil radiator", "area": "spare room", "protocol": "tasmota", "topic": "oilradiator"},
        {"id": "pinball", "name": "pinball machine", "area": "basement", "protocol": "shelly", "topic": "shellyplug-pinball"},
        {"id": "karaoke", "name": "karaoke machine", "area": "lounge", "protocol": "zigbee2mqtt", "topic": "karaoke"},
        {"id": "dartboard", "name": "dartboard light", "area": "basement", "protocol": "tasmota", "topic": "dartboard"},
        {"id": "nails", "name": "nail lamp", "area": "dressing room", "protocol": "shelly", "topic": "shellyplug-nails"},
        {"id": "bidet", "name": "bidet seat", "area": "bathroom", "protocol": "zigbee2mqtt", "topic": "bidet_seat"},
    ]},
    "shortcuts": [("karaoke", "on", "sing along"), ("fondue", "on", "cheese night")],
    "in": [
        ("turn on the koi pond filter", "koi", "on"), ("switch off the hair straightener", "straightener", "off"),
        ("activate the fondue pot in the dining room", "fondue", "on"), ("the oil radiator off", "radiator", "off"),
        ("turn the pinball machine on", "pinball", "on"), ("bring the karaoke machine to off", "karaoke", "off"),
        ("please switch on the dartboard light", "dartboard", "on"), ("disable the nail lamp", "nails", "off"),
        ("enable my hair iron", "straightener", "on"), ("power off the bidet seat in the bathroom", "bidet", "off"),
        ("set the oil radiator to on", "radiator", "on"), ("deactivate the garden koi pond filter", "koi", "off"),
        ("switch the nail lamp on for me", "nails", "on"), ("turn off the pinball machine in the basement", "pinball", "off"),
        ("fondue pot off", "fondue", "off"), ("turn off our karaoke machine please", "karaoke", "off"),
        ("change the bidet seat to on", "bidet", "on"), ("turn on the basement dartboard light", "dartboard", "on"),
        ("sing along", "karaoke", "on"), ("cheese night", "fondue", "on"),
    ],
    "out": [
        "turn on the koi pond pump", "switch off the hair dryer", "activate the fondue fork", "enable the oil heater",
        "turn off the pinball lights", "bring the karaoke microphone to on", "the dart machine off", "switch on the nail drill",
        "power off the bathroom fan", "disable the spare room radiator valve", "are the koi hungry", "how hot is the oil radiator",
        "the cheese is melting", "who won at darts", "what song should we sing", "feed the fish",
        "we need more cheese", "remind me to paint my nails", "play some karaoke songs", "that is all for tonight",
    ],
    # Voices: flite kal (flite's default, 8 kHz) brought to 16 kHz as every set does and, new, as flite writes it
    # (8 kHz, read by voiceplug's own resampler), flite awb and slt, espeak-ng's default voice by its own name (en)
    # and en-us, and two variants not used before, drawn at random (random.seed(20261204)) from the unused ones that
    # are not effects, speeds drawn alike; written before any of it was heard.
    "voices": [("flite", "kal"), ("flite", "kal", "8000"), ("flite", "awb"), ("flite", "slt"), ("espeak", "en", "170"),
               ("espeak", "en-us", "175"), ("espeak", "en-us+iven2", "150"), ("espeak", "en+grandma", "160")],
}
TWENTY_FIRST_UNSEEN = {
    "config": {"devices": [
        {"id": "train", "name": "model train", "aliases": ["train set"], "area": "attic", "protocol": "tasmota",
         "topic": "model_train"},
        {"id": "chandelier", "name": "chandelier", "area": "hallway", "protocol": "shelly", "topic": "shellyplug-chandelier"},
        {"id": "hotplate", "name": "hot plate", "area": "workshop", "protocol": "zigbee2mqtt", "topic": "hot_plate"},
        {"id": "shoes", "name": "shoe dryer", "area": "mudroom", "protocol": "tasmota", "topic": "shoedryer"},
        {"id": "griddle", "name": "griddle", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-griddle"},
        {"id": "icecream", "name": "ice cream maker", "aliases": ["gelato maker"], "area": "kitchen", "protocol": "zigbee2mqtt",
         "topic": "ice_cream_maker"},
        {"id": "arcade", "name": "arcade cabinet", "area": "games room", "protocol": "tasmota", "topic": "arcade"},
        {"id": "mirror", "name": "heated mirror", "area": "bathroom", "protocol": "shelly", "topic": "shellyplug-mirror"},
        {"id": "piano", "name": "piano lamp", "area": "music room", "protocol": "zigbee2mqtt", "topic": "piano_lamp"},
    ]},
    "shortcuts": [("arcade", "on", "insert coin"), ("mirror", "on", "clear the mirror")],
    "in": [
        ("turn on the model train", "train", "on"), ("switch off the chandelier in the hallway", "chandelier", "off"),
        ("activate the hot plate", "hotplate", "on"), ("the shoe dryer off", "shoes", "off"),
        ("turn the griddle on", "griddle", "on"), ("bring the ice cream maker to off", "icecream", "off"),
        ("please switch on the arcade cabinet", "arcade", "on"), ("disable the heated mirror", "mirror", "off"),
        ("enable my train set", "train", "on"), ("power off the piano lamp in the music room", "piano", "off"),
        ("set the gelato maker to on", "icecream", "on"), ("deactivate the workshop hot plate", "hotplate", "off"),
        ("switch the shoe dryer on for me", "shoes", "on"), ("turn off the griddle in the kitchen", "griddle", "off"),
        ("chandelier on", "chandelier", "on"), ("turn off our arcade cabinet please", "arcade", "off"),
        ("change the piano lamp to on", "piano", "on"), ("turn on the bathroom heated mirror", "mirror", "on"),
        ("insert coin", "arcade", "on"), ("clear the mirror", "mirror", "on"),
    ],
    "out": [
        "turn on the model boat", "switch off the hallway light", "activate the hot tub", "the shoe rack off",
        "turn the waffle iron on", "bring the ice maker to on", "switch on the arcade lights", "disable the bathroom heater",
        "power off the sound system", "enable the attic fan", "is the chandelier dusty", "how hot is the griddle",
        "the train is late", "who left the mirror foggy", "what is for dessert", "play the piano",
        "we need new shoes", "remind me to buy ice cream", "insert the key", "that will do for now",
    ],
    # Voices: flite kal (flite's default), rms and slt, espeak-ng's default voice by its own name (en), en-us and
    # en-gb, and two variants not used before, drawn at random (random.seed(20261205)) from the unused ones that are
    # not effects, speeds drawn alike; written before any of it was heard.
    "voices": [("flite", "kal"), ("flite", "rms"), ("flite", "slt"), ("espeak", "en", "165"), ("espeak", "en-us", "170"),
               ("espeak", "en-gb", "175"), ("espeak", "en-us+RicishayMax", "175"), ("espeak", "en-gb+gustave", "150")],
}
TWENTY_SECOND_UNSEEN = {
    "config": {"devices": [
        {"id": "solder", "name": "soldering station", "area": "workshop", "protocol": "tasmota", "topic": "soldering"},
        {"id": "rice", "name": "rice warmer", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-rice"},
        {"id": "bonsai", "name": "bonsai light", "area": "sunroom", "protocol": "zigbee2mqtt", "topic": "bonsai_light"},
        {"id": "pool", "name": "paddling pool pump", "area": "garden", "protocol": "tasmota", "topic": "pool_pump"},
        {"id": "hamster", "name": "hamster lamp", "area": "study", "protocol": "shelly", "topic": "shellyplug-hamster"},
        {"id": "fountain", "name": "chocolate fountain", "area": "dining room", "protocol": "zigbee2mqtt",
         "topic": "chocolate_fountain"},
        {"id": "egg", "name": "egg cooker", "aliases": ["egg boiler"], "area": "kitchen", "protocol": "tasmota", "topic": "eggs"},
        {"id": "telescope", "name": "telescope mount", "area": "balcony", "protocol": "shelly", "topic": "shellyplug-scope"},
        {"id": "globe", "name": "snow globe", "area": "living room", "protocol": "zigbee2mqtt", "topic": "snow_globe"},
        {"id": "book", "name": "book light", "aliases": ["reading light"], "area": "bedroom", "protocol": "tasmota",
         "topic": "book_light"},
    ]},
    "shortcuts": [("fountain", "on", "dessert time"), ("pool", "off", "close the pool")],
    "in": [
        ("turn on the soldering station", "solder", "on"), ("switch off the rice warmer in the kitchen", "rice", "off"),
        ("activate the bonsai light", "bonsai", "on"), ("the paddling pool pump off", "pool", "off"),
        ("turn the hamster lamp on", "hamster", "on"), ("bring the chocolate fountain to on", "fountain", "on"),
        ("disable the egg cooker", "egg", "off"), ("enable my telescope mount", "telescope", "on"),
        ("power off the snow globe in the living room", "globe", "off"), ("set the reading light to on", "book", "on"),
        ("deactivate the workshop soldering station", "solder", "off"), ("switch the egg boiler on for me", "egg", "on"),
        ("turn off the bonsai light in the sunroom", "bonsai", "off"), ("telescope mount off", "telescope", "off"),
        ("turn off our hamster lamp please", "hamster", "off"), ("change the paddling pool pump to on", "pool", "on"),
        ("turn on the bedroom book light", "book", "on"), ("switch on the rice warmer", "rice", "on"),
        ("dessert time", "fountain", "on"), ("close the pool", "pool", "off"),
    ],
    "out": [
        "turn on the soldering iron", "switch off the garden hose", "activate the bonsai fan", "the snow blower off",
        "enable the egg timer", "power on the telescope camera", "disable the kitchen radio", "switch on the bedroom fan",
        "turn off the living room tv", "bring the hamster cage to on", "is the rice warm", "how deep is the paddling pool",
        "the chocolate is melting", "who broke the snow globe", "what time is dinner", "read me a book",
        "i love the stars tonight", "feed the hamster", "make me an omelette", "see you tomorrow",
    ],
    # Voices: flite awb, kal16 and slt, espeak-ng en-us and en-gb-x-rp, two variants not used before, drawn at random
    # (random.seed(20261206)) from the unused ones that are not effects, speeds drawn alike, and RicishayMax3 (an echo
    # at 200 ms), never used, for the echo finder (Sources/Speech/Echo.swift) was chosen on RicishayMax and
    # RicishayMax2 (100 and 150 ms); written before any of it was heard.
    "voices": [("flite", "awb"), ("flite", "kal16"), ("flite", "slt"), ("espeak", "en-us", "160"), ("espeak", "en-gb-x-rp", "170"),
               ("espeak", "en-us+iven3", "165"), ("espeak", "en-us+Storm", "165"), ("espeak", "en-us+RicishayMax3", "165")],
}
TWENTY_THIRD_UNSEEN = {
    "config": {"devices": [
        {"id": "candy", "name": "cotton candy machine", "area": "den", "protocol": "tasmota", "topic": "cotton_candy"},
        {"id": "seedling", "name": "seedling heater", "area": "greenhouse", "protocol": "shelly", "topic": "shellyplug-seedling"},
        {"id": "bread", "name": "bread machine", "aliases": ["bread maker"], "area": "kitchen", "protocol": "zigbee2mqtt",
         "topic": "bread_machine"},
        {"id": "candle", "name": "candle warmer", "area": "living room", "protocol": "tasmota", "topic": "candle_warmer"},
        {"id": "mop", "name": "steam mop", "area": "hallway", "protocol": "shelly", "topic": "shellyplug-mop"},
        {"id": "plate", "name": "plate warmer", "area": "dining room", "protocol": "zigbee2mqtt", "topic": "plate_warmer"},
        {"id": "amp", "name": "ukulele amp", "area": "studio", "protocol": "tasmota", "topic": "ukulele_amp"},
        {"id": "zapper", "name": "mosquito zapper", "area": "veranda", "protocol": "shelly", "topic": "shellyplug-zapper"},
        {"id": "proofer", "name": "dough proofer", "area": "pantry", "protocol": "zigbee2mqtt", "topic": "dough_proofer"},
        {"id": "skimmer", "name": "pond skimmer", "area": "garden", "protocol": "tasmota", "topic": "pond_skimmer"},
    ]},
    "shortcuts": [("candle", "on", "cozy evening"), ("zapper", "off", "bugs are gone")],
    "in": [
        ("turn on the cotton candy machine", "candy", "on"), ("switch off the seedling heater in the greenhouse", "seedling", "off"),
        ("activate the bread machine", "bread", "on"), ("the candle warmer off", "candle", "off"),
        ("turn the steam mop on", "mop", "on"), ("bring the plate warmer to on", "plate", "on"),
        ("disable the ukulele amp", "amp", "off"), ("enable my mosquito zapper", "zapper", "on"),
        ("power off the dough proofer in the pantry", "proofer", "off"), ("set the pond skimmer to on", "skimmer", "on"),
        ("deactivate the den cotton candy machine", "candy", "off"), ("switch the bread maker on for me", "bread", "on"),
        ("turn off the steam mop in the hallway", "mop", "off"), ("plate warmer off", "plate", "off"),
        ("turn on our ukulele amp please", "amp", "on"), ("change the seedling heater to on", "seedling", "on"),
        ("turn off the garden pond skimmer", "skimmer", "off"), ("switch on the dough proofer", "proofer", "on"),
        ("cozy evening", "candle", "on"), ("bugs are gone", "zapper", "off"),
    ],
    "out": [
        "turn on the cotton swab", "switch off the sandwich press", "activate the seedling lamp", "the steam iron off",
        "enable the bread knife", "power on the guitar amp", "disable the pond pump", "switch on the hallway light",
        "turn off the studio speakers", "bring the candle holder to on", "is the bread ready", "how old is the pond",
        "the mosquitoes are biting", "who ate the cotton candy", "what is for dessert", "play me a song",
        "the plates are in the cupboard", "water the seedlings", "bake me some bread", "good morning everyone",
    ],
    # Voices: flite rms, kal (8 kHz) and slt, espeak-ng en at its default speed and en-us slowly (145), a standard
    # variant and speed drawn at random (random.seed(20261201): en+m5 at 155) and a variant never used, drawn from
    # the unused ones that are not effects (caleb at 155); written before any of it was heard.
    "voices": [("flite", "rms"), ("flite", "kal", "8000"), ("flite", "slt"), ("espeak", "en", "175"), ("espeak", "en-us", "145"),
               ("espeak", "en+m5", "155"), ("espeak", "en-us+caleb", "155")],
}
TWENTY_FOURTH_UNSEEN = {
    "config": {"devices": [
        {"id": "glue", "name": "glue gun", "area": "hobby room", "protocol": "tasmota", "topic": "glue_gun"},
        {"id": "crepe", "name": "crepe maker", "aliases": ["crepe pan"], "area": "kitchen", "protocol": "shelly",
         "topic": "shellyplug-crepe"},
        {"id": "tortilla", "name": "tortilla warmer", "area": "breakfast nook", "protocol": "zigbee2mqtt", "topic": "tortilla_warmer"},
        {"id": "incense", "name": "incense burner", "area": "meditation room", "protocol": "tasmota", "topic": "incense"},
        {"id": "laminator", "name": "laminator", "area": "office", "protocol": "shelly", "topic": "shellyplug-laminator"},
        {"id": "curler", "name": "curling iron", "area": "bathroom", "protocol": "zigbee2mqtt", "topic": "curling_iron"},
        {"id": "cooler", "name": "beer cooler", "area": "garage", "protocol": "tasmota", "topic": "beer_cooler"},
        {"id": "smoker", "name": "meat smoker", "area": "back porch", "protocol": "shelly", "topic": "shellyplug-smoker"},
        {"id": "herbs", "name": "hydroponic garden", "aliases": ["herb tower"], "area": "sunroom", "protocol": "zigbee2mqtt",
         "topic": "hydroponic_garden"},
        {"id": "barrel", "name": "rain barrel pump", "area": "gazebo", "protocol": "tasmota", "topic": "rain_barrel_pump"},
    ]},
    "shortcuts": [("incense", "on", "time to unwind"), ("cooler", "off", "the party is over")],
    "in": [
        ("turn on the glue gun", "glue", "on"), ("switch off the crepe maker in the kitchen", "crepe", "off"),
        ("activate the tortilla warmer", "tortilla", "on"), ("the incense burner off", "incense", "off"),
        ("turn the laminator on", "laminator", "on"), ("bring the curling iron to off", "curler", "off"),
        ("disable the beer cooler", "cooler", "off"), ("enable my meat smoker", "smoker", "on"),
        ("power on the hydroponic garden in the sunroom", "herbs", "on"), ("set the rain barrel pump to off", "barrel", "off"),
        ("deactivate the hobby room glue gun", "glue", "off"), ("switch the crepe pan on for me", "crepe", "on"),
        ("turn off the tortilla warmer in the breakfast nook", "tortilla", "off"), ("curling iron on", "curler", "on"),
        ("turn on our beer cooler please", "cooler", "on"), ("change the herb tower to off", "herbs", "off"),
        ("turn on the gazebo rain barrel pump", "barrel", "on"), ("switch off the meat smoker", "smoker", "off"),
        ("time to unwind", "incense", "on"), ("the party is over", "cooler", "off"),
    ],
    "out": [
        "turn on the nail gun", "switch off the pancake maker", "activate the bread warmer", "the incense sticks off",
        "enable the hair curler", "power off the water cooler", "disable the meat grinder", "switch on the garden hose",
        "turn off the office printer", "bring the sump pump to on", "is the glue dry yet", "how hot is the curling iron",
        "we ran out of beer", "light some candles", "where are the tortillas", "the bees are buzzing in the garden",
        "what should i cook tonight", "laminate this page for me", "it is raining again", "see you at the party",
    ],
    # Voices: flite slt, awb and kal16, espeak-ng en-gb at 160 and en-us at 170, and the two unused variants that are
    # not effects, Boris (160) and Kaukovalta (165); written before any of it was heard.
    "voices": [("flite", "slt"), ("flite", "awb"), ("flite", "kal16"), ("espeak", "en-gb", "160"), ("espeak", "en-us", "170"),
               ("espeak", "en-us+Boris", "160"), ("espeak", "en-us+Kaukovalta", "165")],
}
TWENTY_FIFTH_UNSEEN = {
    "config": {"devices": [
        {"id": "cleaner", "name": "ultrasonic cleaner", "area": "workshop", "protocol": "tasmota", "topic": "ultrasonic_cleaner"},
        {"id": "sterilizer", "name": "bottle sterilizer", "aliases": ["bottle steamer"], "area": "nursery", "protocol": "shelly",
         "topic": "shellyplug-sterilizer"},
        {"id": "vaporizer", "name": "vaporizer", "area": "guest bedroom", "protocol": "zigbee2mqtt", "topic": "vaporizer"},
        {"id": "charger", "name": "leaf blower charger", "area": "shed", "protocol": "tasmota", "topic": "leaf_blower_charger"},
        {"id": "pond", "name": "pond heater", "area": "water garden", "protocol": "shelly", "topic": "shellyplug-pond"},
        {"id": "tanning", "name": "tanning lamp", "area": "spa room", "protocol": "zigbee2mqtt", "topic": "tanning_lamp"},
        {"id": "stairs", "name": "stair light", "area": "stairwell", "protocol": "tasmota", "topic": "stair_light"},
        {"id": "greenhouse", "name": "greenhouse fan", "protocol": "shelly", "topic": "shellyplug-greenhouse"},
        {"id": "frother", "name": "milk frother", "aliases": ["foam maker"], "area": "coffee bar", "protocol": "zigbee2mqtt",
         "topic": "milk_frother"},
        {"id": "massager", "name": "foot massager", "area": "den", "protocol": "tasmota", "topic": "foot_massager"},
    ]},
    "shortcuts": [("greenhouse", "on", "air out the greenhouse"), ("massager", "on", "my feet are sore")],
    "in": [
        ("turn on the ultrasonic cleaner", "cleaner", "on"), ("switch off the bottle sterilizer in the nursery", "sterilizer", "off"),
        ("activate the vaporizer", "vaporizer", "on"), ("the leaf blower charger off", "charger", "off"),
        ("turn the pond heater on", "pond", "on"), ("bring the tanning lamp to off", "tanning", "off"),
        ("disable the stair light", "stairs", "off"), ("enable my greenhouse fan", "greenhouse", "on"),
        ("power on the milk frother at the coffee bar", "frother", "on"), ("set the foot massager to off", "massager", "off"),
        ("deactivate the workshop ultrasonic cleaner", "cleaner", "off"), ("switch the bottle steamer on for me", "sterilizer", "on"),
        ("turn off the vaporizer in the guest bedroom", "vaporizer", "off"), ("tanning lamp on", "tanning", "on"),
        ("turn on our stair light please", "stairs", "on"), ("change the foam maker to off", "frother", "off"),
        ("turn off the water garden pond heater", "pond", "off"), ("switch on the leaf blower charger", "charger", "on"),
        ("air out the greenhouse", "greenhouse", "on"), ("my feet are sore", "massager", "on"),
    ],
    "out": [
        "turn on the ultrasonic humidifier", "switch off the bottle warmer", "activate the vacuum cleaner", "the leaf blower is loud",
        "enable the pond pump", "power off the tanning bed", "disable the stair lift", "turn on the greenhouse heater",
        "set the milk steamer to on", "switch on the foot spa", "is the pond frozen", "how warm is the vaporizer",
        "the stairs are creaky", "my feet are cold", "air out the bedroom", "where is the leaf blower",
        "make me a cappuccino", "the greenhouse needs watering", "clean my glasses please", "it is too dark on the stairs",
    ],
    # Voices: flite rms and kal, espeak-ng en-us, en-gb, en-gb-x-rp and en at speeds none of them had before (155, 150,
    # 150, 160), and the standard variants m1 and f1 at new speeds (180, 150); written before any of it was heard.
    "voices": [("flite", "rms"), ("flite", "kal"), ("espeak", "en-us", "155"), ("espeak", "en-gb", "150"),
               ("espeak", "en-gb-x-rp", "150"), ("espeak", "en", "160"), ("espeak", "en-us+m1", "180"), ("espeak", "en-us+f1", "150")],
}
TWENTY_SIXTH_UNSEEN = {
    "config": {"devices": [
        {"id": "blender", "name": "smoothie blender", "area": "kitchen", "protocol": "tasmota", "topic": "smoothie_blender"},
        {"id": "firepit", "name": "fire pit", "area": "patio", "protocol": "shelly", "topic": "shellyplug-firepit"},
        {"id": "projector", "name": "star projector", "area": "kids room", "protocol": "zigbee2mqtt", "topic": "star_projector"},
        {"id": "buglight", "name": "bug light", "area": "porch", "protocol": "tasmota", "topic": "bug_light"},
        {"id": "icicle", "name": "icicle lights", "area": "front yard", "protocol": "shelly", "topic": "shellyplug-icicle"},
        {"id": "slotcar", "name": "slot car track", "area": "playroom", "protocol": "zigbee2mqtt", "topic": "slot_car_track"},
        {"id": "arcade", "name": "arcade machine", "aliases": ["arcade cabinet"], "area": "basement", "protocol": "tasmota",
         "topic": "arcade_machine"},
        {"id": "cooker", "name": "pressure cooker", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-cooker"},
        {"id": "dryer", "name": "dog dryer", "area": "mudroom", "protocol": "zigbee2mqtt", "topic": "dog_dryer"},
        {"id": "boots", "name": "boot warmer", "area": "entryway", "protocol": "tasmota", "topic": "boot_warmer"},
        {"id": "reef", "name": "reef light", "protocol": "shelly", "topic": "shellyplug-reef"},
    ]},
    "shortcuts": [("icicle", "on", "make it sparkle"), ("firepit", "off", "put out the fire"), ("dryer", "on", "the dog is wet")],
    "in": [
        ("turn on the smoothie blender", "blender", "on"), ("switch off the fire pit at the patio", "firepit", "off"),
        ("activate the star projector", "projector", "on"), ("the bug light off", "buglight", "off"),
        ("turn the icicle lights on", "icicle", "on"), ("bring the slot car track to off", "slotcar", "off"),
        ("disable the arcade machine", "arcade", "off"), ("enable my pressure cooker", "cooker", "on"),
        ("power on the dog dryer in the mudroom", "dryer", "on"), ("set the boot warmer to off", "boots", "off"),
        ("deactivate the kitchen smoothie blender", "blender", "off"), ("switch the arcade cabinet on for me", "arcade", "on"),
        ("turn off the star projector in the kids room", "projector", "off"), ("reef light on", "reef", "on"),
        ("turn on our boot warmer please", "boots", "on"), ("change the reef light to off", "reef", "off"),
        ("switch on the bug light", "buglight", "on"),
        ("make it sparkle", "icicle", "on"), ("put out the fire", "firepit", "off"), ("the dog is wet", "dryer", "on"),
    ],
    "out": [
        "make it snappy", "put out the cat", "the dog is hungry", "turn on the smoothie maker", "switch off the fire alarm",
        "activate the star light", "disable the arcade game", "enable my pressure washer", "power on the hair dryer",
        "set the boot dryer to off", "turn on the reef tank", "is the fire pit still hot", "how many stars are out tonight",
        "the icicles are melting", "wipe your boots please", "who left the porch light on", "make me a smoothie",
        "the dog needs a walk", "we need more firewood", "put the kettle on",
    ],
    # Voices: flite slt and awb, espeak-ng en-gb and en at speeds they had not had (185, 150), and the standard variants
    # m2, f4 and en-gb-x-rp's m1 at new speeds (150, 170, 175); written before any of it was heard, to check the
    # twenty-fifth's shortcut near misses on other phrases.
    "voices": [("flite", "slt"), ("flite", "awb"), ("espeak", "en-gb", "185"), ("espeak", "en", "150"), ("espeak", "en-us+m2", "150"),
               ("espeak", "en-us+f4", "170"), ("espeak", "en-gb-x-rp+m1", "175")],
}
TWENTY_SEVENTH_UNSEEN = {
    "config": {"devices": [
        {"id": "sousvide", "name": "sous vide", "area": "kitchen", "protocol": "tasmota", "topic": "sous_vide"},
        {"id": "aqheater", "name": "aquarium heater", "area": "living room", "protocol": "shelly", "topic": "shellyplug-aqheater"},
        {"id": "wreath", "name": "wreath lights", "area": "front door", "protocol": "zigbee2mqtt", "topic": "wreath_lights"},
        {"id": "compressor", "name": "air compressor", "area": "garage", "protocol": "tasmota", "topic": "air_compressor"},
        {"id": "radon", "name": "radon fan", "area": "basement", "protocol": "shelly", "topic": "shellyplug-radon"},
        {"id": "dyson", "name": "dyson fan", "aliases": ["tower fan"], "area": "study", "protocol": "zigbee2mqtt",
         "topic": "dyson_fan"},
        {"id": "pod", "name": "nespresso machine", "area": "kitchen", "protocol": "tasmota", "topic": "nespresso"},
        {"id": "trampoline", "name": "trampoline lights", "area": "backyard", "protocol": "shelly", "topic": "shellyplug-tramp"},
        {"id": "bowl", "name": "water bowl heater", "area": "mudroom", "protocol": "zigbee2mqtt", "topic": "water_bowl_heater"},
        {"id": "keyboard", "name": "piano keyboard", "protocol": "tasmota", "topic": "piano_keyboard"},
    ]},
    "shortcuts": [("trampoline", "on", "bounce time"), ("pod", "on", "i need coffee"), ("wreath", "off", "christmas is over")],
    "in": [
        ("turn on the sous vide", "sousvide", "on"), ("switch off the aquarium heater in the living room", "aqheater", "off"),
        ("activate the wreath lights", "wreath", "on"), ("the air compressor off", "compressor", "off"),
        ("power on the radon fan", "radon", "on"), ("set the dyson fan to off", "dyson", "off"),
        ("turn the tower fan on", "dyson", "on"), ("enable my nespresso machine", "pod", "on"),
        ("disable the trampoline lights", "trampoline", "off"), ("bring the water bowl heater to on", "bowl", "on"),
        ("piano keyboard on", "keyboard", "on"), ("deactivate the kitchen sous vide", "sousvide", "off"),
        ("switch on the aquarium heater please", "aqheater", "on"), ("change the radon fan in the basement to off", "radon", "off"),
        ("turn off our nespresso machine", "pod", "off"), ("could you turn on the air compressor", "compressor", "on"),
        ("switch the piano keyboard off", "keyboard", "off"),
        ("bounce time", "trampoline", "on"), ("i need coffee", "pod", "on"), ("christmas is over", "wreath", "off"),
    ],
    "out": [
        "bounce back", "i need sleep", "christmas is coming", "turn on the aquarium light", "switch off the air conditioner",
        "activate the radon detector", "disable the ceiling fan", "power on the piano", "set the water heater to off",
        "how hot is the sous vide", "is the trampoline safe", "the radon level is high", "the dog drank all the water",
        "make me an espresso", "where is the air pump", "the wreath looks lovely", "turn up the music",
        "what time is it in tokyo", "hang the wreath on the door", "the fan is too loud",
    ],
    # Voices: flite kal16 and awb, espeak-ng en-us, en-gb, en-us-nyc and en-gb-x-gbclan at 155-170, and the standard
    # variants m7 and f2 at 165 and 160; brand names the dictionary may lack (dyson, nespresso); written before any of
    # it was heard.
    "voices": [("flite", "kal16"), ("flite", "awb"), ("espeak", "en-us", "165"), ("espeak", "en-gb", "170"),
               ("espeak", "en-us-nyc", "155"), ("espeak", "en-gb-x-gbclan", "165"), ("espeak", "en-us+m7", "165"),
               ("espeak", "en+f2", "160")],
}
TWENTY_EIGHTH_UNSEEN = {
    "config": {"devices": [
        {"id": "coldbrew", "name": "cold brew maker", "area": "kitchen", "protocol": "tasmota", "topic": "cold_brew"},
        {"id": "humidor", "name": "humidor", "area": "den", "protocol": "shelly", "topic": "shellyplug-humidor"},
        {"id": "fogger", "name": "pond fogger", "area": "garden", "protocol": "zigbee2mqtt", "topic": "pond_fogger"},
        {"id": "sewing", "name": "sewing lamp", "area": "craft room", "protocol": "tasmota", "topic": "sewing_lamp"},
        {"id": "moon", "name": "moon lamp", "area": "nursery", "protocol": "shelly", "topic": "shellyplug-moon"},
        {"id": "chargers", "name": "charging station", "aliases": ["phone charger"], "area": "hallway", "protocol": "zigbee2mqtt",
         "topic": "charging_station"},
        {"id": "floor", "name": "floor heating", "area": "bathroom", "protocol": "tasmota", "topic": "floor_heating"},
        {"id": "garagefan", "name": "garage fan", "area": "garage", "protocol": "shelly", "topic": "shellyplug-garagefan"},
        {"id": "raclette", "name": "raclette grill", "area": "dining room", "protocol": "zigbee2mqtt", "topic": "raclette_grill"},
        {"id": "meditation", "name": "meditation fountain", "protocol": "tasmota", "topic": "meditation_fountain"},
    ]},
    "shortcuts": [("moon", "on", "sweet dreams"), ("raclette", "on", "cheese please"), ("floor", "on", "cold feet")],
    "in": [
        ("turn on the cold brew maker", "coldbrew", "on"), ("switch off the humidor in the den", "humidor", "off"),
        ("activate the pond fogger", "fogger", "on"), ("the sewing lamp off", "sewing", "off"),
        ("power on the moon lamp in the nursery", "moon", "on"), ("set the charging station to off", "chargers", "off"),
        ("turn the phone charger on", "chargers", "on"), ("enable my floor heating", "floor", "on"),
        ("disable the garage fan", "garagefan", "off"), ("bring the raclette grill to on", "raclette", "on"),
        ("meditation fountain on", "meditation", "on"), ("deactivate the kitchen cold brew maker", "coldbrew", "off"),
        ("switch on the humidor please", "humidor", "on"), ("change the pond fogger in the garden to off", "fogger", "off"),
        ("turn off our raclette grill", "raclette", "off"), ("can you turn on the garage fan", "garagefan", "on"),
        ("switch the meditation fountain off", "meditation", "off"),
        ("sweet dreams", "moon", "on"), ("cheese please", "raclette", "on"), ("cold feet", "floor", "on"),
    ],
    "out": [
        "sweet potatoes", "cheese and crackers", "cold hands", "turn on the moon light", "switch off the garage door",
        "activate the pond filter", "disable the charging cable", "power on the sewing machine", "set the floor lamp to off",
        "how cold is the cold brew", "is the humidor humid enough", "the fountain is relaxing", "the moon is full tonight",
        "make me some coffee", "where did i leave my phone", "the garage is freezing", "lets have raclette tonight",
        "turn up the heat", "what day is it today", "the fog is thick",
    ],
    # Voices: flite slt and rms, espeak-ng en-us, en-gb-x-rp and en-029 at 150-160, and the variants Storm, f2 (en-gb)
    # and m4 at 160-170; written at the end of a stop and left unheard; heard first at the next stop's start.
    "voices": [("flite", "slt"), ("flite", "rms"), ("espeak", "en-us", "150"), ("espeak", "en-gb-x-rp", "160"),
               ("espeak", "en-029", "160"), ("espeak", "en-us+Storm", "160"), ("espeak", "en-gb+f2", "165"),
               ("espeak", "en-us+m4", "170")],
}
TWENTY_NINTH_UNSEEN = {
    "config": {"devices": [
        {"id": "smoker", "name": "pellet smoker", "area": "patio", "protocol": "tasmota", "topic": "pellet_smoker"},
        {"id": "terrarium", "name": "terrarium lamp", "area": "study", "protocol": "shelly", "topic": "shellyplug-terrarium"},
        {"id": "espresso", "name": "espresso grinder", "area": "kitchen", "protocol": "zigbee2mqtt", "topic": "espresso_grinder"},
        {"id": "sauna", "name": "infrared sauna", "area": "basement", "protocol": "tasmota", "topic": "infrared_sauna"},
        {"id": "blinds", "name": "window blinds", "aliases": ["shades"], "area": "bedroom", "protocol": "shelly",
         "topic": "shellyplug-blinds"},
        {"id": "lantern", "name": "paper lantern", "area": "hallway", "protocol": "zigbee2mqtt", "topic": "paper_lantern"},
        {"id": "dehydrator", "name": "food dehydrator", "area": "pantry", "protocol": "tasmota", "topic": "food_dehydrator"},
        {"id": "jukebox", "name": "jukebox", "area": "game room", "protocol": "shelly", "topic": "shellyplug-jukebox"},
        {"id": "tower", "name": "cat tower light", "protocol": "zigbee2mqtt", "topic": "cat_tower_light"},
        {"id": "icebath", "name": "ice bath chiller", "area": "garage", "protocol": "tasmota", "topic": "ice_bath_chiller"},
    ]},
    "shortcuts": [("jukebox", "on", "play it again"), ("sauna", "on", "time to sweat"), ("lantern", "off", "night night")],
    "in": [
        ("turn on the pellet smoker", "smoker", "on"), ("switch off the terrarium lamp in the study", "terrarium", "off"),
        ("activate the espresso grinder", "espresso", "on"), ("the infrared sauna off", "sauna", "off"),
        ("power on the window blinds", "blinds", "on"), ("set the shades to off", "blinds", "off"),
        ("turn the paper lantern on", "lantern", "on"), ("enable my food dehydrator", "dehydrator", "on"),
        ("disable the jukebox in the game room", "jukebox", "off"), ("bring the cat tower light to on", "tower", "on"),
        ("ice bath chiller off", "icebath", "off"), ("deactivate the patio pellet smoker", "smoker", "off"),
        ("switch on the terrarium lamp please", "terrarium", "on"), ("change the espresso grinder to off", "espresso", "off"),
        ("turn off our food dehydrator", "dehydrator", "off"), ("could you turn on the ice bath chiller", "icebath", "on"),
        ("switch the cat tower light off", "tower", "off"),
        ("play it again", "jukebox", "on"), ("time to sweat", "sauna", "on"), ("night night", "lantern", "off"),
    ],
    "out": [
        "play it cool", "time to eat", "night owl", "turn on the paper shredder", "switch off the window fan",
        "activate the espresso machine", "disable the cat flap", "power on the ice maker", "set the terrarium heater to off",
        "how hot is the sauna", "is the smoker still smoking", "the blinds are stuck", "the lantern looks pretty",
        "grind some coffee beans", "where is the cat", "the patio is wet", "put a record on the jukebox",
        "turn down the music", "what is the date", "my feet are freezing",
    ],
    # Voices: flite awb and kal16, espeak-ng en-us at 170, en-gb-scotland and en-gb-x-gbcwmd at 160, and the variants
    # Alex, klatt2 and Steph (en-gb) at 155-165; written at the end of a stop and left unheard, for the next stop to hear first.
    "voices": [("flite", "awb"), ("flite", "kal16"), ("espeak", "en-us", "170"), ("espeak", "en-gb-scotland", "160"),
               ("espeak", "en-gb-x-gbcwmd", "160"), ("espeak", "en-us+Alex", "160"), ("espeak", "en-us+klatt2", "155"),
               ("espeak", "en-gb+Steph", "165")],
}
THIRTIETH_UNSEEN = {
    "config": {"devices": [
        {"id": "aerator", "name": "pond aerator", "area": "garden", "protocol": "tasmota", "topic": "pond_aerator"},
        {"id": "globe", "name": "globe light", "aliases": ["world globe"], "area": "library", "protocol": "shelly",
         "topic": "shellyplug-globe"},
        {"id": "saw", "name": "tile saw", "area": "workshop", "protocol": "zigbee2mqtt", "topic": "tile_saw"},
        {"id": "sunlamp", "name": "sun lamp", "protocol": "tasmota", "topic": "sun_lamp"},
        {"id": "hammock", "name": "hammock fan", "area": "porch", "protocol": "shelly", "topic": "shellyplug-hammock"},
        {"id": "kombucha", "name": "kombucha heater", "area": "pantry", "protocol": "zigbee2mqtt", "topic": "kombucha_heater"},
        {"id": "vent", "name": "vent fan", "area": "attic", "protocol": "tasmota", "topic": "attic_vent_fan"},
        {"id": "jukebox", "name": "karaoke machine", "area": "den", "protocol": "shelly", "topic": "shellyplug-karaoke"},
        {"id": "nightstand", "name": "nightstand lamp", "area": "guest room", "protocol": "zigbee2mqtt", "topic": "nightstand_lamp"},
        {"id": "fountain", "name": "garden fountain", "area": "garden", "protocol": "tasmota", "topic": "garden_fountain"},
    ]},
    "shortcuts": [("jukebox", "on", "sing it loud"), ("sunlamp", "on", "wake me gently"), ("vent", "off", "quiet attic")],
    "in": [
        ("turn on the pond aerator", "aerator", "on"), ("switch off the globe light in the library", "globe", "off"),
        ("activate the tile saw", "saw", "on"), ("the sun lamp off", "sunlamp", "off"),
        ("power on the hammock fan", "hammock", "on"), ("set the kombucha heater to off", "kombucha", "off"),
        ("turn the vent fan on", "vent", "on"), ("enable my karaoke machine", "jukebox", "on"),
        ("disable the nightstand lamp in the guest room", "nightstand", "off"), ("bring the garden fountain to on", "fountain", "on"),
        ("world globe on", "globe", "on"), ("deactivate the workshop tile saw", "saw", "off"),
        ("switch on the kombucha heater please", "kombucha", "on"), ("change the hammock fan to off", "hammock", "off"),
        ("turn off our pond aerator", "aerator", "off"), ("could you turn on the nightstand lamp", "nightstand", "on"),
        ("switch the garden fountain off", "fountain", "off"),
        ("sing it loud", "jukebox", "on"), ("wake me gently", "sunlamp", "on"), ("quiet attic", "vent", "off"),
    ],
    "out": [
        "sing it softly", "wake me at seven", "quiet please", "turn on the pond pump", "switch off the globe trotter",
        "activate the table saw", "disable the sun shade", "power on the ceiling fan", "set the kombucha jar to off",
        "how warm is the kombucha", "is the aerator running", "the hammock is torn", "the fountain looks lovely",
        "cut the tiles tomorrow", "where is the globe", "the attic is dusty", "put on some karaoke music",
        "turn up the heat", "what day is it", "my lamp is broken",
    ],
    # Voices: flite slt and rms, espeak-ng en-us at 160, en-gb at 170, en-us-nyc at 160, and the variants Auntie (en-us),
    # Diogo (en-gb-x-rp) and m3 (en-gb-scotland) at 160-165; written at the end of a stop and left unheard, for the next
    # stop to hear first.
    "voices": [("flite", "slt"), ("flite", "rms"), ("espeak", "en-us", "160"), ("espeak", "en-gb", "170"),
               ("espeak", "en-us-nyc", "160"), ("espeak", "en-us+Auntie", "165"), ("espeak", "en-gb-x-rp+Diogo", "160"),
               ("espeak", "en-gb-scotland+m3", "165")],
}
THIRTY_FIRST_UNSEEN = {
    "config": {"devices": [
        {"id": "plasma", "name": "plasma ball", "area": "study", "protocol": "tasmota", "topic": "plasma_ball"},
        {"id": "frame", "name": "photo frame", "aliases": ["picture frame"], "area": "hallway", "protocol": "shelly",
         "topic": "shellyplug-frame"},
        {"id": "tumbler", "name": "rock tumbler", "area": "garage", "protocol": "zigbee2mqtt", "topic": "rock_tumbler"},
        {"id": "seedlings", "name": "seedling mat", "area": "greenhouse", "protocol": "tasmota", "topic": "seedling_mat"},
        {"id": "mattress", "name": "mattress pad", "area": "bedroom", "protocol": "shelly", "topic": "shellyplug-mattress"},
        {"id": "sub", "name": "subwoofer", "area": "living room", "protocol": "zigbee2mqtt", "topic": "subwoofer"},
        {"id": "scooter", "name": "scooter charger", "protocol": "tasmota", "topic": "scooter_charger"},
        {"id": "pet", "name": "pet fountain", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-pet"},
        {"id": "lightbox", "name": "light box", "area": "office", "protocol": "zigbee2mqtt", "topic": "light_box"},
        {"id": "bilge", "name": "bilge pump", "area": "boathouse", "protocol": "tasmota", "topic": "bilge_pump"},
    ]},
    "shortcuts": [("sub", "on", "shake the house"), ("mattress", "on", "warm my bed"), ("tumbler", "on", "start polishing")],
    "in": [
        ("turn on the plasma ball", "plasma", "on"), ("switch off the photo frame in the hallway", "frame", "off"),
        ("activate the rock tumbler", "tumbler", "on"), ("the seedling mat off", "seedlings", "off"),
        ("power on the mattress pad", "mattress", "on"), ("set the subwoofer to off", "sub", "off"),
        ("turn the scooter charger on", "scooter", "on"), ("enable my pet fountain", "pet", "on"),
        ("disable the light box in the office", "lightbox", "off"), ("bring the bilge pump to on", "bilge", "on"),
        ("picture frame on", "frame", "on"), ("deactivate the garage rock tumbler", "tumbler", "off"),
        ("switch on the seedling mat please", "seedlings", "on"), ("change the mattress pad to off", "mattress", "off"),
        ("turn off our plasma ball", "plasma", "off"), ("could you turn on the light box", "lightbox", "on"),
        ("switch the bilge pump off", "bilge", "off"),
        ("shake the house", "sub", "on"), ("warm my bed", "mattress", "on"), ("start polishing", "tumbler", "on"),
    ],
    "out": [
        "shake the rug", "warm my tea", "start cooking", "turn on the sump pump", "switch off the photo booth",
        "activate the rock band", "disable the seed drill", "power on the mattress firm", "set the speaker to off",
        "how full is the pet fountain", "is the bilge dry", "the frame is crooked", "the plasma ball looks eerie",
        "charge my phone", "where is the light switch", "the garage is cold", "put on some bass music",
        "turn down the volume", "what is the time", "my scooter is broken",
    ],
    # Voices: flite awb and kal16, espeak-ng en-us at 150, en-gb at 165, en-gb-x-gbclan at 165, and the variants Henrique
    # (en-us), Andy (en-gb) and travis (en-us) at 160-170; written before the gateway learned to undo what was switched
    # back, and heard first after it (nothing that hears changed in between).
    "voices": [("flite", "awb"), ("flite", "kal16"), ("espeak", "en-us", "150"), ("espeak", "en-gb", "165"),
               ("espeak", "en-gb-x-gbclan", "165"), ("espeak", "en-us+Henrique", "160"), ("espeak", "en-gb+Andy", "170"),
               ("espeak", "en-us+travis", "165")],
}
THIRTY_SECOND_UNSEEN = {
    "config": {"devices": [
        {"id": "mower", "name": "robot mower", "area": "garden", "protocol": "tasmota", "topic": "robot_mower"},
        {"id": "cd", "name": "cd player", "aliases": ["stereo"], "area": "lounge", "protocol": "shelly", "topic": "shellyplug-cd"},
        {"id": "scanner", "name": "film scanner", "area": "study", "protocol": "zigbee2mqtt", "topic": "film_scanner"},
        {"id": "juicer", "name": "slow juicer", "protocol": "tasmota", "topic": "slow_juicer"},
        {"id": "stairs", "name": "stair lights", "area": "stairwell", "protocol": "shelly", "topic": "shellyplug-stairs"},
        {"id": "drill", "name": "drill charger", "area": "garage", "protocol": "zigbee2mqtt", "topic": "drill_charger"},
        {"id": "snow", "name": "snow machine", "area": "yard", "protocol": "tasmota", "topic": "snow_machine"},
        {"id": "mirror", "name": "vanity mirror", "area": "bathroom", "protocol": "shelly", "topic": "shellyplug-mirror"},
        {"id": "laser", "name": "laser cutter", "area": "workshop", "protocol": "zigbee2mqtt", "topic": "laser_cutter"},
        {"id": "urn", "name": "tea urn", "area": "kitchen", "protocol": "tasmota", "topic": "tea_urn"},
    ]},
    "shortcuts": [("snow", "on", "let it snow"), ("stairs", "off", "lights down"), ("urn", "on", "kettle time")],
    "in": [
        ("turn on the robot mower", "mower", "on"), ("switch off the cd player in the lounge", "cd", "off"),
        ("activate the film scanner", "scanner", "on"), ("the slow juicer off", "juicer", "off"),
        ("power on the stair lights", "stairs", "on"), ("set the drill charger to off", "drill", "off"),
        ("turn the snow machine on", "snow", "on"), ("enable my vanity mirror", "mirror", "on"),
        ("disable the laser cutter in the workshop", "laser", "off"), ("bring the tea urn to on", "urn", "on"),
        ("stereo on", "cd", "on"), ("deactivate the garden robot mower", "mower", "off"),
        ("switch on the slow juicer please", "juicer", "on"), ("change the vanity mirror to off", "mirror", "off"),
        ("turn off our film scanner", "scanner", "off"), ("could you turn on the laser cutter", "laser", "on"),
        ("switch the drill charger on", "drill", "on"),
        ("let it snow", "snow", "on"), ("lights down", "stairs", "off"), ("kettle time", "urn", "on"),
    ],
    "out": [
        "let it go", "lights up", "tea time", "turn on the lawn mower", "switch off the cd rack",
        "activate the photo scanner", "disable the juice box", "power on the stair lift", "set the drill bit to off",
        "how full is the tea urn", "is the mower stuck", "the mirror is foggy", "the stereo sounds great",
        "cut some plywood", "where is the charger", "the garage is a mess", "put on some snow tyres",
        "turn off the radio", "what is the forecast", "my juicer is leaking",
    ],
    # Voices: flite slt and awb, espeak-ng en-us at 170, en-gb at 160, en-gb-x-rp at 165, and the variants Lee (en-us),
    # Marco (en-gb) and victor (en-us) at 160-170; written at the end of a stop and left unheard, for the next stop to hear
    # first.
    "voices": [("flite", "slt"), ("flite", "awb"), ("espeak", "en-us", "170"), ("espeak", "en-gb", "160"),
               ("espeak", "en-gb-x-rp", "165"), ("espeak", "en-us+Lee", "160"), ("espeak", "en-gb+Marco", "170"),
               ("espeak", "en-us+victor", "165")],
}
THIRTY_THIRD_UNSEEN = {
    "config": {"devices": [
        {"id": "heater", "name": "patio heater", "area": "terrace", "protocol": "tasmota", "topic": "patio_heater"},
        {"id": "organ", "name": "electric organ", "aliases": ["keyboard"], "area": "music room", "protocol": "shelly",
         "topic": "shellyplug-organ"},
        {"id": "dryer", "name": "tumble dryer", "area": "utility room", "protocol": "zigbee2mqtt", "topic": "tumble_dryer"},
        {"id": "smoker", "name": "meat smoker", "protocol": "tasmota", "topic": "meat_smoker"},
        {"id": "bubbles", "name": "bubble machine", "area": "garden", "protocol": "shelly", "topic": "shellyplug-bubbles"},
        {"id": "crib", "name": "crib mobile", "area": "nursery", "protocol": "zigbee2mqtt", "topic": "crib_mobile"},
        {"id": "press", "name": "heat press", "area": "craft room", "protocol": "tasmota", "topic": "heat_press"},
        {"id": "lantern", "name": "paper lantern", "area": "bedroom", "protocol": "shelly", "topic": "shellyplug-lantern"},
        {"id": "pump", "name": "pond pump", "area": "garden", "protocol": "zigbee2mqtt", "topic": "pond_pump"},
        {"id": "grill", "name": "panini grill", "area": "kitchen", "protocol": "tasmota", "topic": "panini_grill"},
    ]},
    "shortcuts": [("bubbles", "on", "party time"), ("lantern", "off", "good night moon"), ("heater", "on", "warm the patio")],
    "in": [
        ("turn on the patio heater", "heater", "on"), ("switch off the electric organ in the music room", "organ", "off"),
        ("activate the tumble dryer", "dryer", "on"), ("the meat smoker off", "smoker", "off"),
        ("power on the bubble machine", "bubbles", "on"), ("set the crib mobile to off", "crib", "off"),
        ("turn the heat press on", "press", "on"), ("enable my paper lantern", "lantern", "on"),
        ("disable the pond pump in the garden", "pump", "off"), ("bring the panini grill to on", "grill", "on"),
        ("keyboard on", "organ", "on"), ("deactivate the terrace patio heater", "heater", "off"),
        ("switch on the meat smoker please", "smoker", "on"), ("change the crib mobile to on", "crib", "on"),
        ("turn off our tumble dryer", "dryer", "off"), ("could you turn off the panini grill", "grill", "off"),
        ("switch the pond pump on", "pump", "on"),
        ("party time", "bubbles", "on"), ("good night moon", "lantern", "off"), ("warm the patio", "heater", "on"),
    ],
    "out": [
        "party games", "good night everyone", "warm the soup", "turn on the patio door", "switch off the electric car",
        "activate the tumble weed", "disable the meat grinder", "power on the bubble bath", "set the crib sheet to off",
        "how hot is the heat press", "is the dryer finished", "the lantern looks pretty", "the keyboard is out of tune",
        "feed the fish", "where is the pond", "the grill needs cleaning", "put on some music",
        "turn off the television", "what time is it", "my smoker ran out of wood",
    ],
    # Voices: flite rms and kal16, espeak-ng en-us at 160, en-gb at 175, en-gb-scotland at 165, and the variants
    # steph2 (en-us), boris (en-gb) and quincy (en-us) at 160-170; written at the end of a stop and left unheard, for
    # the next stop to hear first.
    "voices": [("flite", "rms"), ("flite", "kal16"), ("espeak", "en-us", "160"), ("espeak", "en-gb", "175"),
               ("espeak", "en-gb-scotland", "165"), ("espeak", "en-us+steph2", "165"), ("espeak", "en-gb+boris", "170"),
               ("espeak", "en-us+quincy", "160")],
}
THIRTY_FOURTH_UNSEEN = {
    "config": {"devices": [
        {"id": "fountain", "name": "cat fountain", "area": "kitchen", "protocol": "tasmota", "topic": "cat_fountain"},
        {"id": "neon", "name": "neon sign", "aliases": ["bar sign"], "area": "den", "protocol": "shelly",
         "topic": "shellyplug-neon"},
        {"id": "mat", "name": "heat mat", "area": "greenhouse", "protocol": "zigbee2mqtt", "topic": "heat_mat"},
        {"id": "yogurt", "name": "yogurt maker", "protocol": "tasmota", "topic": "yogurt_maker"},
        {"id": "soundbar", "name": "sound bar", "area": "living room", "protocol": "shelly", "topic": "shellyplug-soundbar"},
        {"id": "garage", "name": "garage heater", "area": "garage", "protocol": "zigbee2mqtt", "topic": "garage_heater"},
        {"id": "labels", "name": "label printer", "area": "office", "protocol": "tasmota", "topic": "label_printer"},
        {"id": "poolheat", "name": "pool heater", "protocol": "shelly", "topic": "shellyplug-poolheat"},
        {"id": "candle", "name": "window candle", "area": "hallway", "protocol": "zigbee2mqtt", "topic": "window_candle"},
        {"id": "sewing", "name": "sewing lamp", "area": "craft room", "protocol": "tasmota", "topic": "sewing_lamp"},
    ]},
    "shortcuts": [("neon", "on", "open the bar"), ("garage", "off", "see you later"), ("labels", "on", "work time")],
    "in": [
        ("turn on the cat fountain", "fountain", "on"), ("switch off the neon sign in the den", "neon", "off"),
        ("activate the heat mat", "mat", "on"), ("the yogurt maker off", "yogurt", "off"),
        ("power on the sound bar", "soundbar", "on"), ("set the garage heater to on", "garage", "on"),
        ("turn the label printer off", "labels", "off"), ("enable my pool heater", "poolheat", "on"),
        ("disable the window candle in the hallway", "candle", "off"), ("bring the sewing lamp to on", "sewing", "on"),
        ("bar sign off", "neon", "off"), ("deactivate the greenhouse heat mat", "mat", "off"),
        ("switch on the yogurt maker please", "yogurt", "on"), ("change the sound bar to off", "soundbar", "off"),
        ("turn off our cat fountain", "fountain", "off"), ("could you turn on the window candle", "candle", "on"),
        ("switch the pool heater off", "poolheat", "off"),
        ("open the bar", "neon", "on"), ("see you later", "garage", "off"), ("work time", "labels", "on"),
    ],
    "out": [
        "open the door", "see you soon", "work out", "open the window", "turn on the cat flap",
        "switch off the neon light", "activate the heat lamp", "power on the sound machine", "set the garage door to on",
        "enable my pool pump", "is the candle lit", "how loud is the sound bar", "the printer is out of labels",
        "feed the cat", "where is my sewing kit", "the yogurt tastes sour", "play some jazz",
        "turn off the dishwasher", "what day is it", "see you tomorrow",
    ],
    # Voices: flite slt and awb, espeak-ng en-us at 175, en-gb at 160, en-gb-x-rp at 165, en-029 at 160 and the variants
    # klatt2 and anika (en-us) at 160-170; written at the end of a stop and left unheard, for the next stop to hear first.
    "voices": [("flite", "slt"), ("flite", "awb"), ("espeak", "en-us", "175"), ("espeak", "en-gb", "160"),
               ("espeak", "en-gb-x-rp", "165"), ("espeak", "en-029", "160"), ("espeak", "en-us+klatt2", "160"),
               ("espeak", "en-us+anika", "170")],
}
THIRTY_FIFTH_UNSEEN = {
    "config": {"devices": [
        {"id": "jacuzzi", "name": "jacuzzi", "area": "deck", "protocol": "tasmota", "topic": "jacuzzi"},
        {"id": "tiki", "name": "tiki torch", "aliases": ["torch"], "area": "backyard", "protocol": "shelly",
         "topic": "shellyplug-tiki"},
        {"id": "panini", "name": "panini press", "area": "kitchen", "protocol": "zigbee2mqtt", "topic": "panini_press"},
        {"id": "nebulizer", "name": "nebulizer", "area": "nursery", "protocol": "tasmota", "topic": "nebulizer"},
        {"id": "trimmer", "name": "trimmer charger", "area": "shed", "protocol": "shelly", "topic": "shellyplug-trimmer"},
        {"id": "roomba", "name": "roomba dock", "protocol": "zigbee2mqtt", "topic": "roomba_dock"},
        {"id": "lasko", "name": "lasko fan", "area": "bedroom", "protocol": "tasmota", "topic": "lasko_fan"},
        {"id": "loft", "name": "loft lights", "area": "loft", "protocol": "shelly", "topic": "shellyplug-loft"},
        {"id": "gelato", "name": "gelato maker", "protocol": "zigbee2mqtt", "topic": "gelato_maker"},
        {"id": "bunk", "name": "bunk bed light", "area": "kids room", "protocol": "tasmota", "topic": "bunk_bed_light"},
    ]},
    "shortcuts": [("jacuzzi", "on", "time to soak"), ("roomba", "on", "tidy the house"), ("loft", "off", "lights out upstairs")],
    "in": [
        ("turn on the jacuzzi", "jacuzzi", "on"), ("switch off the tiki torch in the backyard", "tiki", "off"),
        ("activate the panini press", "panini", "on"), ("the nebulizer off", "nebulizer", "off"),
        ("power on the trimmer charger", "trimmer", "on"), ("set the roomba dock to on", "roomba", "on"),
        ("turn the lasko fan off", "lasko", "off"), ("enable my loft lights", "loft", "on"),
        ("disable the gelato maker", "gelato", "off"), ("bring the bunk bed light to on", "bunk", "on"),
        ("torch on", "tiki", "on"), ("deactivate the kitchen panini press", "panini", "off"),
        ("switch on the nebulizer please", "nebulizer", "on"), ("change the lasko fan to on", "lasko", "on"),
        ("turn off our jacuzzi", "jacuzzi", "off"), ("could you turn on the gelato maker", "gelato", "on"),
        ("switch the bunk bed light off", "bunk", "off"),
        ("time to soak", "jacuzzi", "on"), ("tidy the house", "roomba", "on"), ("lights out upstairs", "loft", "off"),
    ],
    "out": [
        "time to sleep", "tidy the garden", "lights out downstairs", "turn on the tiki bar", "switch off the panini grill",
        "activate the nebula lamp", "power on the hedge trimmer", "set the roomba to clean", "enable my loft fan",
        "disable the candy machine", "is the jacuzzi warm", "how hot is the panini press", "the torch is flickering",
        "feed the dog", "where is the roomba", "the loft is dusty", "make me a sandwich", "turn off the radio",
        "what is the temperature", "good night everyone",
    ],
    # Voices: flite kal and rms, espeak-ng en-us at 165, en-gb at 170, en-gb-x-gbclan at 160, en-us-nyc at 165 and the
    # variants m2 (en-us) and f3 (en-gb) at 160-165; written at the start of a stop and heard before any change of it.
    "voices": [("flite", "kal"), ("flite", "rms"), ("espeak", "en-us", "165"), ("espeak", "en-gb", "170"),
               ("espeak", "en-gb-x-gbclan", "160"), ("espeak", "en-us-nyc", "165"), ("espeak", "en-us+m2", "160"),
               ("espeak", "en-gb+f3", "165")],
}
THIRTY_SIXTH_UNSEEN = {
    "config": {"devices": [
        {"id": "sousvide", "name": "sous vide", "area": "kitchen", "protocol": "tasmota", "topic": "sous_vide"},
        {"id": "dehumidifier", "name": "dehumidifier", "area": "basement", "protocol": "shelly",
         "topic": "shellyplug-dehumidifier"},
        {"id": "heatlamp", "name": "heat lamp", "aliases": ["brooder"], "area": "coop", "protocol": "zigbee2mqtt",
         "topic": "heat_lamp"},
        {"id": "vinyl", "name": "vinyl player", "aliases": ["turntable"], "area": "den", "protocol": "tasmota", "topic": "vinyl"},
        {"id": "koi", "name": "koi pond pump", "area": "garden", "protocol": "shelly", "topic": "shellyplug-koi"},
        {"id": "neon", "name": "neon sign", "area": "bar", "protocol": "zigbee2mqtt", "topic": "neon_sign"},
        {"id": "treadmill", "name": "treadmill", "area": "gym", "protocol": "tasmota", "topic": "treadmill"},
        {"id": "bidet", "name": "bidet seat", "area": "bathroom", "protocol": "shelly", "topic": "shellyplug-bidet"},
        {"id": "chandelier", "name": "chandelier", "area": "dining room", "protocol": "zigbee2mqtt", "topic": "chandelier"},
        {"id": "labels", "name": "label printer", "area": "office", "protocol": "tasmota", "topic": "label_printer"},
    ]},
    "shortcuts": [("neon", "on", "open for business"), ("treadmill", "on", "workout time"),
                  ("chandelier", "off", "dinner is over")],
    "in": [
        ("turn on the sous vide", "sousvide", "on"), ("switch off the dehumidifier in the basement", "dehumidifier", "off"),
        ("activate the heat lamp", "heatlamp", "on"), ("brooder off", "heatlamp", "off"),
        ("power on the vinyl player", "vinyl", "on"), ("set the turntable to off", "vinyl", "off"),
        ("turn the koi pond pump on", "koi", "on"), ("enable the neon sign", "neon", "on"),
        ("disable the treadmill", "treadmill", "off"), ("switch on the bidet seat", "bidet", "on"),
        ("turn off the dining room chandelier", "chandelier", "off"), ("could you power off the label printer", "labels", "off"),
        ("change the heat lamp to off", "heatlamp", "off"), ("turn on my chandelier please", "chandelier", "on"),
        ("deactivate the koi pond pump", "koi", "off"), ("switch the sous vide off", "sousvide", "off"),
        ("bring the label printer to on", "labels", "on"),
        ("open for business", "neon", "on"), ("workout time", "treadmill", "on"), ("dinner is over", "chandelier", "off"),
    ],
    "out": [
        "turn on the heat pump", "switch off the label maker", "activate the koi pond filter", "enable the neon light",
        "power on the vinyl cutter", "power off the heat gun", "open for lunch", "dinner is ready", "disable the dishwasher",
        "is the treadmill on", "how loud is the turntable", "the sous vide is beeping", "play some jazz", "what time is it",
        "turn on the television", "good morning", "call my sister", "the basement is damp", "dim the lights",
        "set the dehumidifier to auto",
    ],
    # Voices: flite slt and awb, espeak-ng en-us at 150, en-gb-x-rp at 165, en-gb-scotland at 160 and the variants f4
    # (en-us), m3 (en-gb) and m1 (en-us) at 160-175; written at the start of a stop and heard before any change of it.
    "voices": [("flite", "slt"), ("flite", "awb"), ("espeak", "en-us", "150"), ("espeak", "en-gb-x-rp", "165"),
               ("espeak", "en-gb-scotland", "160"), ("espeak", "en-us+f4", "170"), ("espeak", "en-gb+m3", "160"),
               ("espeak", "en-us+m1", "175")],
}
THIRTY_SEVENTH_UNSEEN = {
    "config": {"devices": [
        {"id": "stove", "name": "pellet stove", "area": "living room", "protocol": "tasmota", "topic": "pellet_stove"},
        {"id": "fishtank", "name": "fish tank light", "aliases": ["aquarium"], "area": "den", "protocol": "shelly",
         "topic": "shellyplug-fishtank"},
        {"id": "hottub", "name": "hot tub", "area": "patio", "protocol": "zigbee2mqtt", "topic": "hot_tub"},
        {"id": "grow", "name": "grow light", "area": "greenhouse", "protocol": "tasmota", "topic": "grow_light"},
        {"id": "rice", "name": "rice cooker", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-rice"},
        {"id": "blanket", "name": "heated blanket", "area": "bedroom", "protocol": "zigbee2mqtt", "topic": "heated_blanket"},
        {"id": "shredder", "name": "paper shredder", "area": "study", "protocol": "tasmota", "topic": "shredder"},
        {"id": "purifier", "name": "air purifier", "area": "nursery", "protocol": "shelly", "topic": "shellyplug-purifier"},
        {"id": "grinder", "name": "coffee grinder", "aliases": ["grinder"], "protocol": "zigbee2mqtt", "topic": "grinder"},
        {"id": "towel", "name": "towel warmer", "area": "bathroom", "protocol": "tasmota", "topic": "towel_warmer"},
    ]},
    "shortcuts": [("hottub", "on", "spa night"), ("grow", "off", "let the plants rest"), ("shredder", "on", "shred it")],
    "in": [
        ("turn on the pellet stove", "stove", "on"), ("switch off the fish tank light", "fishtank", "off"),
        ("aquarium on", "fishtank", "on"), ("power on the hot tub", "hottub", "on"),
        ("disable the grow light in the greenhouse", "grow", "off"), ("activate the rice cooker", "rice", "on"),
        ("turn the heated blanket off", "blanket", "off"), ("switch on the paper shredder", "shredder", "on"),
        ("deactivate the air purifier", "purifier", "off"), ("enable the coffee grinder", "grinder", "on"),
        ("set the towel warmer to on", "towel", "on"), ("could you turn off the hot tub please", "hottub", "off"),
        ("bring the bedroom heated blanket to on", "blanket", "on"), ("turn off the grinder", "grinder", "off"),
        ("power off the rice cooker", "rice", "off"), ("switch the air purifier on", "purifier", "on"),
        ("change the pellet stove to off", "stove", "off"),
        ("spa night", "hottub", "on"), ("let the plants rest", "grow", "off"), ("shred it", "shredder", "on"),
    ],
    "out": [
        "turn on the pellet grill", "switch off the fish tank filter", "activate the pressure cooker", "enable the air conditioner",
        "power on the paper cutter", "turn off the electric blanket", "switch on the grow tent", "turn on the coffee maker",
        "pizza night", "shred the cheese", "let the dogs rest", "is the hot tub ready", "how warm is the blanket",
        "the stove is smoking", "where are my keys", "turn up the volume", "order more coffee", "good afternoon",
        "tell me a joke", "set a timer for ten minutes",
    ],
    # Voices: flite rms and kal16, espeak-ng en-us at 160, en-gb at 155, en-gb-x-rp at 175 and the variants f2 (en-us),
    # m4 (en-gb) and m5 (en-us) at 160-170; written while a change was measured, and heard after it was chosen.
    "voices": [("flite", "rms"), ("flite", "kal16"), ("espeak", "en-us", "160"), ("espeak", "en-gb", "155"),
               ("espeak", "en-gb-x-rp", "175"), ("espeak", "en-us+f2", "165"), ("espeak", "en-gb+m4", "170"),
               ("espeak", "en-us+m5", "160")],
}
THIRTY_EIGHTH_UNSEEN = {
    "config": {"devices": [
        {"id": "karaoke", "name": "karaoke machine", "aliases": ["karaoke"], "area": "den", "protocol": "tasmota",
         "topic": "karaoke"},
        {"id": "massager", "name": "foot massager", "area": "living room", "protocol": "shelly", "topic": "shellyplug-massager"},
        {"id": "bread", "name": "bread maker", "area": "kitchen", "protocol": "zigbee2mqtt", "topic": "bread_maker"},
        {"id": "waterbed", "name": "waterbed heater", "area": "bedroom", "protocol": "tasmota", "topic": "waterbed"},
        {"id": "reptile", "name": "reptile lamp", "aliases": ["basking lamp"], "area": "study", "protocol": "shelly",
         "topic": "shellyplug-reptile"},
        {"id": "soda", "name": "soda maker", "area": "kitchen", "protocol": "zigbee2mqtt", "topic": "soda_maker"},
        {"id": "fountain", "name": "garden fountain", "protocol": "tasmota", "topic": "garden_fountain"},
        {"id": "pingpong", "name": "ping pong table light", "area": "basement", "protocol": "shelly", "topic": "shellyplug-pingpong"},
        {"id": "deskheater", "name": "desk heater", "area": "office", "protocol": "zigbee2mqtt", "topic": "desk_heater"},
        {"id": "umbrella", "name": "patio umbrella lights", "protocol": "tasmota", "topic": "umbrella_lights"},
    ]},
    "shortcuts": [("karaoke", "on", "sing along"), ("bread", "on", "bake my bread"), ("fountain", "off", "quiet garden")],
    "in": [
        ("turn on the karaoke machine", "karaoke", "on"), ("switch off the foot massager", "massager", "off"),
        ("karaoke off", "karaoke", "off"), ("power on the bread maker in the kitchen", "bread", "on"),
        ("enable the waterbed heater", "waterbed", "on"), ("deactivate the reptile lamp", "reptile", "off"),
        ("turn the basking lamp on", "reptile", "on"), ("switch on the soda maker", "soda", "on"),
        ("disable the garden fountain", "fountain", "off"), ("activate the ping pong table light", "pingpong", "on"),
        ("set the desk heater to off", "deskheater", "off"), ("turn off the patio umbrella lights", "umbrella", "off"),
        ("could you switch on the foot massager please", "massager", "on"), ("bring the waterbed heater to off", "waterbed", "off"),
        ("power off the soda maker", "soda", "off"), ("change the desk heater to on", "deskheater", "on"),
        ("turn the garden fountain on", "fountain", "on"),
        ("sing along", "karaoke", "on"), ("bake my bread", "bread", "on"), ("quiet garden", "fountain", "off"),
    ],
    "out": [
        "turn on the karaoke bar", "switch off the foot spa", "activate the bread knife", "enable the water heater",
        "power on the reptile tank", "turn off the soda fountain", "switch on the garden hose", "turn on the ping pong paddle",
        "switch off the desk lamp", "enable the patio heater", "sing a song", "bake my cake", "quiet please",
        "is the bread ready", "how hot is the waterbed", "the fountain is leaking", "what time is it",
        "play some jazz", "good morning", "remind me to call mom",
    ],
    # Voices: flite slt and awb, espeak-ng en-us at 165, en-gb at 160, en-gb-scotland at 155, en-029 at 160 and the
    # variants m3 (en-us) and f3 (en-gb) at 160-165; written before it was heard, after the unknown name's second
    # hearing was chosen.
    "voices": [("flite", "slt"), ("flite", "awb"), ("espeak", "en-us", "165"), ("espeak", "en-gb", "160"),
               ("espeak", "en-gb-scotland", "155"), ("espeak", "en-029", "160"), ("espeak", "en-us+m3", "160"),
               ("espeak", "en-gb+f3", "165")],
}
THIRTY_NINTH_UNSEEN = {
    "config": {"devices": [
        {"id": "aquarium", "name": "aquarium pump", "area": "living room", "protocol": "tasmota", "topic": "aquarium_pump"},
        {"id": "nightlight", "name": "nightlight", "area": "hallway", "protocol": "shelly", "topic": "shellyplug-nightlight"},
        {"id": "sunrise", "name": "sunrise clock", "area": "bedroom", "protocol": "zigbee2mqtt", "topic": "sunrise_clock"},
        {"id": "cocktail", "name": "cocktail mixer", "area": "kitchen", "protocol": "tasmota", "topic": "cocktail"},
        {"id": "mattress", "name": "heated mattress", "aliases": ["mattress pad"], "area": "bedroom", "protocol": "shelly",
         "topic": "shellyplug-mattress"},
        {"id": "village", "name": "christmas village", "area": "living room", "protocol": "zigbee2mqtt", "topic": "xmas_village"},
        {"id": "yoga", "name": "yoga lamp", "area": "studio", "protocol": "tasmota", "topic": "yoga_lamp"},
        {"id": "neon", "name": "neon bar sign", "area": "basement", "protocol": "shelly", "topic": "shellyplug-neon"},
        {"id": "dogfountain", "name": "dog fountain", "area": "kitchen", "protocol": "zigbee2mqtt", "topic": "dog_fountain"},
        {"id": "dock", "name": "charging dock", "area": "office", "protocol": "tasmota", "topic": "charging_dock"},
    ]},
    "shortcuts": [("village", "on", "light up the village"), ("mattress", "off", "cool the bed"),
                  ("dock", "on", "charge everything")],
    "in": [
        ("turn on the aquarium pump", "aquarium", "on"), ("switch off the nightlight", "nightlight", "off"),
        ("sunrise clock on", "sunrise", "on"), ("power off the cocktail mixer in the kitchen", "cocktail", "off"),
        ("enable the heated mattress", "mattress", "on"), ("deactivate the christmas village", "village", "off"),
        ("turn the yoga lamp on", "yoga", "on"), ("switch on the neon bar sign", "neon", "on"),
        ("disable the dog fountain", "dogfountain", "off"), ("activate the charging dock", "dock", "on"),
        ("set the aquarium pump to off", "aquarium", "off"), ("could you turn off the sunrise clock please", "sunrise", "off"),
        ("turn on the mattress pad", "mattress", "on"), ("bring the cocktail mixer to on", "cocktail", "on"),
        ("switch off the yoga lamp", "yoga", "off"), ("turn the neon bar sign off", "neon", "off"),
        ("power on the dog fountain", "dogfountain", "on"),
        ("light up the village", "village", "on"), ("cool the bed", "mattress", "off"), ("charge everything", "dock", "on"),
    ],
    "out": [
        "turn on the aquarium light", "switch off the night stand", "set the alarm clock", "turn off the cocktail bar",
        "enable the heated seat", "turn on the christmas tree", "switch off the yoga mat", "power on the dog walker",
        "activate the charging cable", "light up the room", "cool the drinks", "charge my phone",
        "what is on tv tonight", "how long until sunrise", "the fountain is dry", "good night everybody",
        "order more dog food", "turn up the music", "is the dock working", "mix me a drink",
    ],
    # Voices: the four flite voices and espeak-ng's plain en-us at 165, en-gb at 160, en at 170 and en-us+f3 at 160:
    # voices without a strong accent or an extreme variant, as the issue's "flite and espeak-ng voices" reads;
    # written before it was heard, and heard once.
    "voices": [("flite", "slt"), ("flite", "kal"), ("flite", "awb"), ("flite", "rms"), ("espeak", "en-us", "165"),
               ("espeak", "en-gb", "160"), ("espeak", "en", "170"), ("espeak", "en-us+f3", "160")],
}
FORTIETH_UNSEEN = {
    "config": {"devices": [
        {"id": "rock", "name": "rock lamp", "area": "living room", "protocol": "tasmota", "topic": "rock_lamp"},
        {"id": "corner", "name": "corner heater", "area": "office", "protocol": "shelly", "topic": "shellyplug-corner"},
        {"id": "grinder", "name": "bean grinder", "area": "kitchen", "protocol": "zigbee2mqtt", "topic": "bean_grinder"},
        {"id": "wallfan", "name": "wall fan", "area": "garage", "protocol": "tasmota", "topic": "wall_fan"},
        {"id": "sauna", "name": "sauna stove", "area": "basement", "protocol": "shelly", "topic": "shellyplug-sauna"},
        {"id": "barfridge", "name": "bar fridge", "area": "den", "protocol": "zigbee2mqtt", "topic": "bar_fridge"},
        {"id": "urn", "name": "coffee urn", "area": "kitchen", "protocol": "tasmota", "topic": "coffee_urn"},
        {"id": "photo", "name": "photo printer", "area": "study", "protocol": "shelly", "topic": "shellyplug-photo"},
        {"id": "gloves", "name": "glove warmer", "area": "hallway", "protocol": "zigbee2mqtt", "topic": "glove_warmer"},
        {"id": "table", "name": "table lamp", "area": "bedroom", "protocol": "tasmota", "topic": "table_lamp"},
    ]},
    "shortcuts": [("sauna", "on", "heat the sauna"), ("barfridge", "off", "close the bar"), ("urn", "on", "coffee time")],
    "in": [
        ("turn on the rock lamp", "rock", "on"), ("switch off the corner heater", "corner", "off"),
        ("bean grinder on", "grinder", "on"), ("power off the wall fan in the garage", "wallfan", "off"),
        ("enable the sauna stove", "sauna", "on"), ("deactivate the bar fridge", "barfridge", "off"),
        ("turn the coffee urn on", "urn", "on"), ("switch on the photo printer", "photo", "on"),
        ("disable the glove warmer", "gloves", "off"), ("activate the table lamp", "table", "on"),
        ("set the rock lamp to off", "rock", "off"), ("could you turn off the corner heater please", "corner", "off"),
        ("turn on the bean grinder", "grinder", "on"), ("bring the wall fan to on", "wallfan", "on"),
        ("switch off the photo printer", "photo", "off"), ("turn the table lamp off", "table", "off"),
        ("power on the glove warmer", "gloves", "on"),
        ("heat the sauna", "sauna", "on"), ("close the bar", "barfridge", "off"), ("coffee time", "urn", "on"),
    ],
    "out": [
        "turn on the rock music", "switch off the corner shop", "turn on the bean bag chair", "power off the wall clock",
        "enable the sauna door", "deactivate the bar stool", "turn the coffee machine on", "switch on the photo frame",
        "disable the glove box", "activate the table saw", "heat the soup", "close the door", "coffee break",
        "what is the temperature in the sauna", "is the printer out of paper", "the lamp is too bright",
        "buy more coffee beans", "good evening", "how cold is the garage", "set a timer for ten minutes",
    ],
    # Near misses of the kind the open pass can hear as they were said: another thing with a name's first word (the
    # rock music, the wall clock, the table saw) and a shortcut's first word with another ("coffee break"). Voices:
    # the four flite voices and espeak-ng en-us at 155, en-gb at 170, en-us+m2 at 165 and en-gb+f2 at 160; written
    # before it was heard, to judge the check of a name the open pass heard otherwise (`openHeardAnotherName`).
    "voices": [("flite", "slt"), ("flite", "kal16"), ("flite", "awb"), ("flite", "rms"), ("espeak", "en-us", "155"),
               ("espeak", "en-gb", "170"), ("espeak", "en-us+m2", "165"), ("espeak", "en-gb+f2", "160")],
}
FORTY_FIRST_UNSEEN = {
    "config": {"devices": [
        {"id": "petcam", "name": "pet camera", "area": "living room", "protocol": "tasmota", "topic": "pet_camera"},
        {"id": "musicbox", "name": "music box", "area": "nursery", "protocol": "shelly", "topic": "shellyplug-musicbox"},
        {"id": "deskclock", "name": "desk clock", "area": "office", "protocol": "zigbee2mqtt", "topic": "desk_clock"},
        {"id": "foglamp", "name": "fog lamp", "area": "garage", "protocol": "tasmota", "topic": "fog_lamp"},
        {"id": "sofa", "name": "sofa lights", "area": "living room", "protocol": "shelly", "topic": "shellyplug-sofa"},
        {"id": "shelf", "name": "shelf lights", "aliases": ["book shelf"], "area": "study", "protocol": "zigbee2mqtt",
         "topic": "shelf_lights"},
        {"id": "bench", "name": "bench grinder", "area": "workshop", "protocol": "tasmota", "topic": "bench_grinder"},
        {"id": "towels", "name": "heated towel rack", "area": "bathroom", "protocol": "shelly", "topic": "shellyplug-towels"},
        {"id": "cocoa", "name": "hot cocoa maker", "area": "kitchen", "protocol": "zigbee2mqtt", "topic": "cocoa_maker"},
        {"id": "patiofan", "name": "patio fan", "protocol": "tasmota", "topic": "patio_fan"},
    ]},
    "shortcuts": [("musicbox", "on", "lullaby please"), ("towels", "on", "warm towels"), ("sofa", "off", "movie night")],
    "in": [
        ("turn on the pet camera", "petcam", "on"), ("switch off the music box", "musicbox", "off"),
        ("desk clock on", "deskclock", "on"), ("power off the fog lamp in the garage", "foglamp", "off"),
        ("enable the sofa lights", "sofa", "on"), ("deactivate the shelf lights", "shelf", "off"),
        ("turn the book shelf on", "shelf", "on"), ("switch on the bench grinder", "bench", "on"),
        ("disable the heated towel rack", "towels", "off"), ("activate the hot cocoa maker", "cocoa", "on"),
        ("set the patio fan to off", "patiofan", "off"), ("could you turn off the pet camera please", "petcam", "off"),
        ("turn on the fog lamp", "foglamp", "on"), ("bring the desk clock to off", "deskclock", "off"),
        ("switch off the bench grinder", "bench", "off"), ("turn the patio fan on", "patiofan", "on"),
        ("power off the hot cocoa maker", "cocoa", "off"),
        ("lullaby please", "musicbox", "on"), ("warm towels", "towels", "on"), ("movie night", "sofa", "off"),
    ],
    "out": [
        "turn on the pet door", "switch off the music player", "turn on the desk fan", "power off the fog machine",
        "enable the sofa bed", "deactivate the shelf brackets", "switch on the bench press", "disable the heated seats",
        "activate the hot tub", "turn the patio door on", "warm soup", "movie tickets", "lullaby for the baby",
        "where is the pet food", "play the music box song", "the fog is thick today", "set the clock forward",
        "is the cocoa ready", "open the patio umbrella", "what day is it",
    ],
    # Near misses again (another thing with a name's first word, a shortcut's first word with another), other
    # devices, shortcuts and voices: flite slt, kal, awb and rms, espeak-ng en-us at 170, en-gb at 155, en at 165 and
    # en-us+f4 at 160. Written after the check of a name the open pass heard otherwise (`openHeardAnotherName`) was
    # chosen on the thirty-ninth and fortieth, before it was heard, and heard once with it and without it.
    "voices": [("flite", "slt"), ("flite", "kal"), ("flite", "awb"), ("flite", "rms"), ("espeak", "en-us", "170"),
               ("espeak", "en-gb", "155"), ("espeak", "en", "165"), ("espeak", "en-us+f4", "160")],
}
FORTY_SECOND_UNSEEN = {
    "config": {"devices": [
        {"id": "lamp1", "name": "lamp 1", "area": "living room", "protocol": "tasmota", "topic": "lamp_1"},
        {"id": "lamp2", "name": "lamp 2", "area": "living room", "protocol": "tasmota", "topic": "lamp_2"},
        {"id": "printer", "name": "3D printer", "area": "garage", "protocol": "shelly", "topic": "shellyplug-printer"},
        {"id": "ps5", "name": "PS5", "area": "den", "protocol": "zigbee2mqtt", "topic": "ps5"},
        {"id": "hue", "name": "Hue Go 2", "area": "bedroom", "protocol": "tasmota", "topic": "hue_go"},
        {"id": "mp3", "name": "MP3 player", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-mp3"},
        {"id": "fan3", "name": "fan 3", "area": "office", "protocol": "zigbee2mqtt", "topic": "fan_3"},
        {"id": "heater", "name": "heater 2000", "area": "bathroom", "protocol": "tasmota", "topic": "heater_2000"},
        {"id": "r2", "name": "R2-D2", "area": "kids room", "protocol": "shelly", "topic": "shellyplug-r2d2"},
        {"id": "xbox", "name": "Xbox 360", "area": "den", "protocol": "zigbee2mqtt", "topic": "xbox_360"},
    ]},
    "shortcuts": [("xbox", "on", "game time"), ("printer", "on", "print 3D model"), ("r2", "off", "bedtime for R2-D2")],
    "in": [
        ("turn on lamp 1", "lamp1", "on"), ("switch off lamp 2", "lamp2", "off"), ("turn on the 3D printer", "printer", "on"),
        ("power off the PS5", "ps5", "off"), ("Hue Go 2 on", "hue", "on"), ("turn the MP3 player off", "mp3", "off"),
        ("enable fan 3", "fan3", "on"), ("disable the heater 2000", "heater", "off"), ("switch on R2-D2", "r2", "on"),
        ("turn off the Xbox 360", "xbox", "off"), ("set lamp 2 to on", "lamp2", "on"),
        ("could you turn off lamp 1 please", "lamp1", "off"), ("turn on the Hue Go 2 in the bedroom", "hue", "on"),
        ("deactivate the 3D printer", "printer", "off"), ("activate the PS5", "ps5", "on"),
        ("switch the MP3 player on", "mp3", "on"), ("power on the Xbox 360", "xbox", "on"),
        ("game time", "xbox", "on"), ("print 3D model", "printer", "on"), ("bedtime for R2-D2", "r2", "off"),
    ],
    "out": [
        "turn on lamp 4", "switch off lamp 9", "turn on the printer", "power off the PS4", "Hue Go 3 on",
        "turn the MP4 player off", "enable fan 5", "disable the heater 1000", "switch on C-3PO", "turn off the Xbox One",
        "set lamp 8 to on", "game over", "print the report", "what is 2 plus 2", "call 911", "it is 5 o'clock",
        "the score was 3 to 1", "set a timer for 10 minutes", "turn to page 42", "bedtime for the kids",
    ],
    # Names with digits, which espeak-ng and flite say as numbers ("lamp 2" L AE M P T UW, "R2-D2" AA R T UW D IY T UW)
    # and which the grammar left out until they were pronounced so; near misses with another number. Voices: the
    # four flite voices and espeak-ng en-us at 160, en-gb at 170, en at 155 and en-us+f2 at 165; written before it was
    # heard.
    "voices": [("flite", "slt"), ("flite", "kal"), ("flite", "awb"), ("flite", "rms"), ("espeak", "en-us", "160"),
               ("espeak", "en-gb", "170"), ("espeak", "en", "155"), ("espeak", "en-us+f2", "165")],
}
FORTY_THIRD_UNSEEN = {
    "config": {"devices": [
        {"id": "outlet4", "name": "outlet 4", "area": "garage", "protocol": "tasmota", "topic": "outlet_4"},
        {"id": "outlet5", "name": "outlet 5", "area": "garage", "protocol": "tasmota", "topic": "outlet_5"},
        {"id": "lamp7", "name": "lamp 7", "area": "hallway", "protocol": "shelly", "topic": "shellyplug-lamp7"},
        {"id": "light12", "name": "light 12", "area": "porch", "protocol": "zigbee2mqtt", "topic": "light_12"},
        {"id": "echo", "name": "Echo Dot 3", "area": "kitchen", "protocol": "tasmota", "topic": "echo_dot"},
        {"id": "router", "name": "5G router", "area": "office", "protocol": "shelly", "topic": "shellyplug-router"},
        {"id": "pi", "name": "Pi 4", "aliases": ["raspberry pi"], "area": "office", "protocol": "zigbee2mqtt",
         "topic": "pi_4"},
        {"id": "fan10", "name": "fan 10", "area": "attic", "protocol": "tasmota", "topic": "fan_10"},
        {"id": "tv55", "name": "55 inch TV", "area": "living room", "protocol": "shelly", "topic": "shellyplug-tv55"},
        {"id": "k9", "name": "K9 heater", "area": "kennel", "protocol": "zigbee2mqtt", "topic": "k9_heater"},
    ]},
    "shortcuts": [("pi", "on", "boot the pi"), ("outlet5", "off", "garage power off"), ("tv55", "on", "movie mode")],
    "in": [
        ("turn on outlet 4", "outlet4", "on"), ("switch off outlet 5", "outlet5", "off"), ("lamp 7 on", "lamp7", "on"),
        ("power off light 12", "light12", "off"), ("enable the Echo Dot 3", "echo", "on"),
        ("deactivate the 5G router", "router", "off"), ("turn the Pi 4 on", "pi", "on"),
        ("switch on fan 10 in the attic", "fan10", "on"), ("disable the 55 inch TV", "tv55", "off"),
        ("activate the K9 heater", "k9", "on"), ("set outlet 5 to on", "outlet5", "on"),
        ("could you turn off lamp 7 please", "lamp7", "off"), ("turn on the raspberry pi", "pi", "on"),
        ("bring light 12 to on", "light12", "on"), ("switch off the Echo Dot 3", "echo", "off"),
        ("turn fan 10 off", "fan10", "off"), ("power on the 5G router", "router", "on"),
        ("boot the pi", "pi", "on"), ("garage power off", "outlet5", "off"), ("movie mode", "tv55", "on"),
    ],
    "out": [
        "turn on outlet 6", "switch off outlet 3", "lamp 8 on", "power off light 20", "enable the Echo Dot 2",
        "deactivate the 4G router", "turn the Pi 3 on", "switch on fan 11 in the attic", "disable the 65 inch TV",
        "activate the K7 heater", "set outlet 9 to on", "boot the laptop", "garage door open", "movie night",
        "it is 12 o'clock", "turn to channel 7", "I have 3 dogs", "the year 2025 was good", "count to 10",
        "what is 7 times 8",
    ],
    # Names with numbers again (two outlets one apart, numbers before a name, a letter and a number in one word),
    # near misses with another number, chatter with numbers. Voices: flite slt, kal16, awb and rms, espeak-ng en-us
    # at 175, en-gb at 150, en at 160 and en-us+m3 at 170. Written after the check of a name's other numbers
    # (`OtherWords.otherNumbers`) was chosen on the forty-second, before it was heard, and heard once with it and
    # without it.
    "voices": [("flite", "slt"), ("flite", "kal16"), ("flite", "awb"), ("flite", "rms"), ("espeak", "en-us", "175"),
               ("espeak", "en-gb", "150"), ("espeak", "en", "160"), ("espeak", "en-us+m3", "170")],
}
FORTY_FOURTH_UNSEEN = {
    "config": {"devices": [
        {"id": "cam1", "name": "camera 1", "area": "front door", "protocol": "tasmota", "topic": "camera_1"},
        {"id": "cam2", "name": "camera 2", "area": "backyard", "protocol": "tasmota", "topic": "camera_2"},
        {"id": "light3", "name": "light 3", "area": "patio", "protocol": "shelly", "topic": "shellyplug-light3"},
        {"id": "strip", "name": "LED strip 2", "area": "bedroom", "protocol": "zigbee2mqtt", "topic": "led_strip_2"},
        {"id": "ac1", "name": "AC unit 1", "area": "living room", "protocol": "tasmota", "topic": "ac_unit_1"},
        {"id": "bulb6", "name": "bulb 6", "area": "porch", "protocol": "shelly", "topic": "shellyplug-bulb6"},
        {"id": "charger", "name": "Model 3 charger", "area": "garage", "protocol": "zigbee2mqtt", "topic": "model3"},
        {"id": "zone4", "name": "zone 4 heater", "area": "basement", "protocol": "tasmota", "topic": "zone_4"},
        {"id": "v8", "name": "V8 vacuum", "area": "closet", "protocol": "shelly", "topic": "shellyplug-v8"},
        {"id": "router", "name": "router", "area": "office", "protocol": "zigbee2mqtt", "topic": "router"},
    ]},
    "shortcuts": [("cam2", "on", "watch the backyard"), ("ac1", "off", "stop the AC"), ("charger", "on", "charge the car")],
    "in": [
        ("turn on camera 1", "cam1", "on"), ("switch off camera 2", "cam2", "off"), ("light 3 on", "light3", "on"),
        ("power off the LED strip 2", "strip", "off"), ("enable AC unit 1", "ac1", "on"), ("disable bulb 6", "bulb6", "off"),
        ("turn the Model 3 charger on", "charger", "on"), ("switch on the zone 4 heater in the basement", "zone4", "on"),
        ("deactivate the V8 vacuum", "v8", "off"), ("activate the router", "router", "on"),
        ("set camera 2 to on", "cam2", "on"), ("could you turn off light 3 please", "light3", "off"),
        ("turn on bulb 6", "bulb6", "on"), ("bring the zone 4 heater to off", "zone4", "off"),
        ("switch off the Model 3 charger", "charger", "off"), ("turn the V8 vacuum on", "v8", "on"),
        ("power off AC unit 1", "ac1", "off"),
        ("watch the backyard", "cam2", "on"), ("stop the AC", "ac1", "off"), ("charge the car", "charger", "on"),
    ],
    "out": [
        "turn on camera 3", "switch off camera 5", "light 4 on", "power off the LED strip 1", "enable AC unit 2",
        "disable bulb 7", "turn the Model Y charger on", "switch on the zone 2 heater in the basement",
        "deactivate the V6 vacuum", "activate the router 2", "set camera 9 to on", "watch the news", "stop the car",
        "charge the phone", "I need 4 eggs", "page 6 of the manual", "it is 3 degrees outside",
        "turn left in 200 meters", "we won 2 to 1", "channel 4 news",
    ],
    # Names with numbers once more (numbered cameras, a number inside a name, a letter and a digit), near misses with
    # another number. Voices: flite slt, kal, awb and rms, espeak-ng en-us at 165, en-gb at 165, en at 175 and en-us+f3
    # at 155. Written after the other numbers' weight (`SpeechRecognizer.numberWeight`) was chosen on the forty-second
    # and forty-third, before it was heard, and heard once with the check and without it.
    "voices": [("flite", "slt"), ("flite", "kal"), ("flite", "awb"), ("flite", "rms"), ("espeak", "en-us", "165"),
               ("espeak", "en-gb", "165"), ("espeak", "en", "175"), ("espeak", "en-us+f3", "155")],
}
FORTY_FIFTH_UNSEEN = {
    "config": {"devices": [
        {"id": "usb", "name": "USB hub", "area": "office", "protocol": "tasmota", "topic": "usb_hub"},
        {"id": "uv", "name": "UV lamp", "area": "terrarium", "protocol": "shelly", "topic": "shellyplug-uv"},
        {"id": "pc", "name": "gaming PC", "area": "den", "protocol": "zigbee2mqtt", "topic": "gaming_pc"},
        {"id": "nas", "name": "NAS drive", "area": "closet", "protocol": "tasmota", "topic": "nas_drive"},
        {"id": "hvac", "name": "HVAC fan", "area": "attic", "protocol": "shelly", "topic": "shellyplug-hvac"},
        {"id": "dvd", "name": "DVD player", "area": "living room", "protocol": "zigbee2mqtt", "topic": "dvd_player"},
        {"id": "light2", "name": "light 2", "area": "stairs", "protocol": "tasmota", "topic": "light_2"},
        {"id": "plug7", "name": "smart plug 7", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-7"},
        {"id": "bt", "name": "BT speaker", "area": "bathroom", "protocol": "zigbee2mqtt", "topic": "bt_speaker"},
        {"id": "k2", "name": "K2 kettle", "area": "kitchen", "protocol": "tasmota", "topic": "k2_kettle"},
    ]},
    "shortcuts": [("dvd", "on", "movie night"), ("uv", "off", "lizard bedtime"), ("pc", "on", "time to play")],
    "in": [
        ("turn on the USB hub", "usb", "on"), ("switch off the UV lamp", "uv", "off"), ("gaming PC on", "pc", "on"),
        ("power off the NAS drive", "nas", "off"), ("enable the HVAC fan", "hvac", "on"),
        ("deactivate the DVD player", "dvd", "off"), ("turn light 2 on", "light2", "on"),
        ("switch on smart plug 7 in the kitchen", "plug7", "on"), ("disable the BT speaker", "bt", "off"),
        ("activate the K2 kettle", "k2", "on"), ("set the USB hub to off", "usb", "off"),
        ("could you turn on the UV lamp please", "uv", "on"), ("turn off the gaming PC", "pc", "off"),
        ("bring the NAS drive to on", "nas", "on"), ("switch off the HVAC fan", "hvac", "off"),
        ("turn the BT speaker on", "bt", "on"), ("power off smart plug 7", "plug7", "off"),
        ("movie night", "dvd", "on"), ("lizard bedtime", "uv", "off"), ("time to play", "pc", "on"),
    ],
    "out": [
        "turn on the USB stick", "switch off the UV index", "gaming chair on", "power off the NAS box",
        "enable the HVAC filter", "deactivate the DVD menu", "turn light 3 on", "switch on smart plug 8 in the kitchen",
        "disable the BT headset", "activate the K3 kettle", "movie time", "lizard food", "time to eat",
        "what is the UV index today", "the PC is slow", "copy it to the USB drive", "BBC news please",
        "call the IT guy", "is the DVD in the drive", "turn to page 2",
    ],
    # Names written in capitals (said letter by letter by espeak-ng in a sentence and by people) beside names with
    # numbers. Voices: flite slt, kal16, awb and rms, espeak-ng en-us at 170, en-gb at 160, en at 165 and en-us+m2 at
    # 160. Written after the spelled pronunciation of words in capitals (`Pronunciations.spelled`) was made on the
    # forty-fourth, before it was heard, and heard once with it and without it.
    "voices": [("flite", "slt"), ("flite", "kal16"), ("flite", "awb"), ("flite", "rms"), ("espeak", "en-us", "170"),
               ("espeak", "en-gb", "160"), ("espeak", "en", "165"), ("espeak", "en-us+m2", "160")],
}
# The thirty-ninth's and forty-fifth's devices and phrases said slowly and fast (espeak-ng's own pace is 175 words a
# minute): written to measure how the pace of speech is heard, before slow speech was heard with fewer frames a second
# (`SpeechRecognizer.slowFrameRate`).
FORTY_SIXTH_PACES = dict(THIRTY_NINTH_UNSEEN, voices=[("espeak", "en-us", "110"), ("espeak", "en-us", "220"),
                                                      ("espeak", "en-gb", "210"), ("espeak", "en", "120")])
FORTY_SEVENTH_PACES = dict(FORTY_FIFTH_UNSEEN, voices=[("espeak", "en-us", "115"), ("espeak", "en-us", "215"),
                                                       ("espeak", "en-gb", "200"), ("espeak", "en-us+f3", "125")])
# Devices none of the sets had, with flite's voices at other paces too (duration_stretch 1.2, 0.85, 1.1) beside
# espeak-ng's: en-us at 150, en-gb-x-rp at 185, en-us+m4 at 145, en+f4 at 175. Written before any of it was heard.
FORTY_EIGHTH_UNSEEN = {
    "config": {"devices": [
        {"id": "seed", "name": "seed tray", "area": "greenhouse", "protocol": "tasmota", "topic": "seed_tray"},
        {"id": "rope", "name": "rope light", "area": "patio", "protocol": "shelly", "topic": "shellyplug-rope"},
        {"id": "noise", "name": "white noise machine", "area": "nursery", "protocol": "zigbee2mqtt", "topic": "white_noise"},
        {"id": "saw", "name": "band saw", "area": "workshop", "protocol": "tasmota", "topic": "band_saw"},
        {"id": "flamingo", "name": "neon flamingo", "area": "bar", "protocol": "shelly", "topic": "shellyplug-flamingo"},
        {"id": "pool", "name": "pool filter", "area": "backyard", "protocol": "zigbee2mqtt", "topic": "pool_filter"},
        {"id": "desk", "name": "mixing desk", "area": "studio", "protocol": "tasmota", "topic": "mixing_desk"},
        {"id": "drums", "name": "drum machine", "area": "studio", "protocol": "shelly", "topic": "shellyplug-drums"},
        {"id": "screen", "name": "projector screen", "area": "cinema room", "protocol": "zigbee2mqtt", "topic": "screen"},
        {"id": "cactus", "name": "cactus light", "area": "hallway", "protocol": "tasmota", "topic": "cactus_light"},
    ]},
    "shortcuts": [("pool", "on", "clean the pool"), ("noise", "on", "shush the baby"), ("saw", "off", "workshop closed")],
    "in": [
        ("turn on the seed tray", "seed", "on"), ("switch off the rope light", "rope", "off"),
        ("white noise machine on", "noise", "on"), ("power off the band saw", "saw", "off"),
        ("enable the neon flamingo", "flamingo", "on"), ("deactivate the pool filter", "pool", "off"),
        ("turn the mixing desk on", "desk", "on"), ("switch on the drum machine in the studio", "drums", "on"),
        ("disable the projector screen", "screen", "off"), ("activate the cactus light", "cactus", "on"),
        ("set the seed tray to off", "seed", "off"), ("could you turn on the rope light please", "rope", "on"),
        ("turn off the white noise machine", "noise", "off"), ("bring the band saw to on", "saw", "on"),
        ("switch off the neon flamingo", "flamingo", "off"), ("turn the drum machine off", "drums", "off"),
        ("power on the projector screen", "screen", "on"), ("clean the pool", "pool", "on"),
        ("shush the baby", "noise", "on"), ("workshop closed", "saw", "off"),
    ],
    "out": [
        "turn on the seed drill", "switch off the rope ladder", "white noise please", "power off the table saw",
        "enable the neon sign", "deactivate the pool alarm", "turn the mixing bowl on",
        "switch on the drum kit in the studio", "disable the screen saver", "activate the cactus garden",
        "clean the kitchen", "shush the dog", "workshop open", "how tall is a flamingo", "the baby is asleep",
        "what time does the pool close", "play some drum and bass", "the band is playing tonight", "I need a new saw",
        "water the cactus",
    ],
    "voices": [("flite", "slt", "16000", "1.2"), ("flite", "awb", "16000", "0.85"), ("flite", "rms", "16000", "1.1"),
               ("flite", "kal16"), ("espeak", "en-us", "150"), ("espeak", "en-gb-x-rp", "185"),
               ("espeak", "en-us+m4", "145"), ("espeak", "en+f4", "175")],
}
# Names written as people write them: with "&", "+", an emoji, a possessive, a hyphen, a slash, brackets, an
# abbreviation and a number in a word; an area and shortcuts with "&" and a hyphen. Written before any of it was heard.
FIFTY_SECOND_UNSEEN = {
    "config": {"devices": [
        {"id": "tv", "name": "TV & Soundbar", "area": "Living & Dining", "protocol": "tasmota", "topic": "tv_soundbar"},
        {"id": "fairy", "name": "Emma's fairy lights", "area": "kids room", "protocol": "shelly", "topic": "shellyplug-fairy"},
        {"id": "wifi", "name": "Wi-Fi extender", "area": "upstairs hall", "protocol": "zigbee2mqtt", "topic": "wifi_ext"},
        {"id": "ac", "name": "A/C", "aliases": ["air conditioner"], "area": "bedroom", "protocol": "tasmota", "topic": "ac"},
        {"id": "printer", "name": "3D printer", "area": "garage", "protocol": "shelly", "topic": "shellyplug-3d"},
        {"id": "tub", "name": "hot-tub heater", "area": "garden", "protocol": "zigbee2mqtt", "topic": "hot_tub"},
        {"id": "tree", "name": "🎄 Tree", "area": "hall", "protocol": "tasmota", "topic": "xmas_tree"},
        {"id": "box", "name": "Disney+ box", "area": "den", "protocol": "shelly", "topic": "shellyplug-disney"},
        {"id": "coffee", "name": "Mr. Coffee", "area": "kitchen", "protocol": "tasmota", "topic": "mr_coffee"},
        {"id": "fish", "name": "fish tank (pump)", "area": "study", "protocol": "zigbee2mqtt", "topic": "fish_pump"},
    ]},
    "shortcuts": [("tv", "on", "Movies & popcorn"), ("ac", "off", "cool-down over"), ("tree", "on", "Ho ho ho!")],
    "in": [
        ("turn on the TV and soundbar", "tv", "on"), ("switch off the TV and soundbar in the living and dining", "tv", "off"),
        ("turn on Emma's fairy lights", "fairy", "on"), ("Emma's fairy lights off", "fairy", "off"),
        ("turn off the wi-fi extender", "wifi", "off"), ("power on the A C", "ac", "on"),
        ("switch off the air conditioner", "ac", "off"), ("turn on the 3D printer", "printer", "on"),
        ("turn off the 3D printer in the garage", "printer", "off"), ("activate the hot tub heater", "tub", "on"),
        ("switch off the tree", "tree", "off"), ("turn on the tree in the hall", "tree", "on"),
        ("turn on the Disney plus box", "box", "on"), ("switch off Mr. Coffee", "coffee", "off"),
        ("turn on the fish tank pump", "fish", "on"), ("disable the fish tank pump", "fish", "off"),
        ("movies and popcorn", "tv", "on"), ("cool down over", "ac", "off"), ("ho ho ho", "tree", "on"),
        ("enable the hot tub heater", "tub", "on"),
    ],
    "out": [
        "turn on the soundbar", "switch off the fairy tale", "turn off the wi-fi", "power on the car",
        "turn on the 3D glasses", "activate the hot tub", "switch off the tree house", "turn on the Disney channel",
        "make me a coffee", "feed the fish", "movies tonight", "cool it down", "ho hum", "is the tree on",
        "what's on TV", "Emma is asleep", "the printer is out of paper", "turn on the fish tank light",
        "where is the air conditioner remote", "the living and dining room is cold",
    ],
    "voices": [("flite", "kal"), ("flite", "slt", "16000", "0.9"), ("flite", "awb"), ("flite", "rms", "16000", "1.15"),
               ("espeak", "en-us", "160"), ("espeak", "en-gb", "170"), ("espeak", "en-us+f2", "165"),
               ("espeak", "en-us+m1", "150")],
}
# Brand names (Dyson, Nespresso, Roomba, Hue, Sonos, Govee), a name with a number, an alias and shortcuts of two to
# four words; near misses of each. Voices: flite slt, awb a little slow, kal16 and rms a little fast, espeak-ng
# en-gb-x-rp at 165, en-us+m2 at 160, en at 170 and en-us+f4 at 170. Written before any of it was heard, to judge
# the recognizer as it stands.
FIFTY_THIRD_UNSEEN = {
    "config": {"devices": [
        {"id": "dyson", "name": "Dyson fan", "area": "office", "protocol": "tasmota", "topic": "dyson"},
        {"id": "nespresso", "name": "Nespresso", "aliases": ["coffee machine"], "area": "kitchen", "protocol": "shelly",
         "topic": "shellyplug-nespresso"},
        {"id": "roomba", "name": "Roomba dock", "area": "hallway", "protocol": "zigbee2mqtt", "topic": "roomba_dock"},
        {"id": "strip", "name": "Hue light strip", "area": "living room", "protocol": "tasmota", "topic": "hue_strip"},
        {"id": "sonos", "name": "Sonos Move", "area": "patio", "protocol": "shelly", "topic": "shellyplug-sonos"},
        {"id": "govee", "name": "Govee lamp", "area": "study", "protocol": "zigbee2mqtt", "topic": "govee"},
        {"id": "bottle", "name": "bottle warmer", "area": "nursery", "protocol": "tasmota", "topic": "bottle"},
        {"id": "salt", "name": "salt lamp", "area": "bedroom", "protocol": "shelly", "topic": "shellyplug-salt"},
        {"id": "router2", "name": "Router 2", "area": "attic", "protocol": "zigbee2mqtt", "topic": "router_2"},
        {"id": "pellet", "name": "pellet stove", "area": "cabin", "protocol": "tasmota", "topic": "pellet"},
    ]},
    "shortcuts": [("nespresso", "on", "espresso time"), ("sonos", "on", "party mode"), ("salt", "off", "sweet dreams"),
                  ("pellet", "on", "warm up the cabin")],
    "in": [
        ("turn on the Dyson fan", "dyson", "on"), ("switch off the Dyson fan in the office", "dyson", "off"),
        ("turn the coffee machine on", "nespresso", "on"), ("switch off the Nespresso", "nespresso", "off"),
        ("turn off the Roomba dock", "roomba", "off"), ("power on the Hue light strip", "strip", "on"),
        ("switch the Hue light strip off", "strip", "off"), ("turn on the Sonos Move on the patio", "sonos", "on"),
        ("turn off the Govee lamp", "govee", "off"), ("activate the bottle warmer", "bottle", "on"),
        ("bottle warmer off", "bottle", "off"), ("turn on the salt lamp in the bedroom", "salt", "on"),
        ("switch on router two", "router2", "on"), ("turn off router 2 in the attic", "router2", "off"),
        ("deactivate the pellet stove", "pellet", "off"), ("turn on the Govee lamp in the study", "govee", "on"),
        ("espresso time", "nespresso", "on"), ("party mode", "sonos", "on"), ("sweet dreams", "salt", "off"),
        ("warm up the cabin", "pellet", "on"),
    ],
    "out": [
        "turn on the fan heater", "switch off the coffee grinder", "turn off the Roomba", "power on the light bar",
        "switch the Sonos to radio", "turn off the lamp post", "warm the bottle up a bit", "is the salt lamp on",
        "restart the router", "clean the pellet stove", "espresso please", "party time", "sweet potato",
        "warm up the car", "what is on the patio", "the study is too dark", "turn on router three",
        "how hot is the stove", "Dyson makes good vacuums", "the baby is asleep in the nursery",
    ],
    "voices": [("flite", "slt"), ("flite", "awb", "16000", "1.1"), ("flite", "kal16"), ("flite", "rms", "16000", "0.9"),
               ("espeak", "en-gb-x-rp", "165"), ("espeak", "en-us+m2", "160"), ("espeak", "en", "170"),
               ("espeak", "en-us+f4", "170")],
}
# Appliances and gadgets with two- and three-word names, an area of two words, shortcuts of two to five words, and
# near misses that keep all but one word of a shortcut or a name, or say a name with no state. Voices: flite kal,
# slt a little slow, awb, rms; espeak-ng en-us at 180, en-gb-x-rp at 160, en-us+m3 at 165 and en-gb+f3 at 170. Written
# after the fifty-third was heard (and the state check and the shortcuts' check changed for it), before it was heard.
FIFTY_FOURTH_UNSEEN = {
    "config": {"devices": [
        {"id": "waffle", "name": "waffle iron", "area": "kitchen", "protocol": "tasmota", "topic": "waffle"},
        {"id": "sunlamp", "name": "sunrise alarm", "area": "master bedroom", "protocol": "shelly", "topic": "shellyplug-sun"},
        {"id": "fountain", "name": "cat water fountain", "area": "utility room", "protocol": "zigbee2mqtt", "topic": "cat_fountain"},
        {"id": "monitor", "name": "baby monitor", "area": "nursery", "protocol": "tasmota", "topic": "baby_monitor"},
        {"id": "projector", "name": "Epson projector", "area": "media room", "protocol": "shelly", "topic": "shellyplug-epson"},
        {"id": "mister", "name": "reptile mister", "area": "study", "protocol": "zigbee2mqtt", "topic": "mister"},
        {"id": "sander", "name": "belt sander", "area": "workshop", "protocol": "tasmota", "topic": "sander"},
        {"id": "warmer", "name": "towel warmer", "area": "bathroom", "protocol": "shelly", "topic": "shellyplug-towel"},
        {"id": "jukebox", "name": "jukebox", "area": "game room", "protocol": "zigbee2mqtt", "topic": "jukebox"},
        {"id": "bubbles", "name": "bubble machine", "area": "patio", "protocol": "tasmota", "topic": "bubbles"},
    ]},
    "shortcuts": [("projector", "on", "showtime"), ("jukebox", "on", "let's rock and roll"),
                  ("warmer", "on", "bath time is coming"), ("monitor", "off", "the baby is awake")],
    "in": [
        ("turn on the waffle iron", "waffle", "on"), ("switch the waffle iron off", "waffle", "off"),
        ("turn off the sunrise alarm in the master bedroom", "sunlamp", "off"), ("activate the sunrise alarm", "sunlamp", "on"),
        ("switch on the cat water fountain", "fountain", "on"), ("turn off the baby monitor", "monitor", "off"),
        ("power on the Epson projector", "projector", "on"), ("switch off the Epson projector", "projector", "off"),
        ("turn the reptile mister on", "mister", "on"), ("disable the belt sander", "sander", "off"),
        ("turn on the belt sander in the workshop", "sander", "on"), ("towel warmer on", "warmer", "on"),
        ("switch off the towel warmer", "warmer", "off"), ("turn on the jukebox please", "jukebox", "on"),
        ("turn off the bubble machine", "bubbles", "off"), ("enable the bubble machine on the patio", "bubbles", "on"),
        ("showtime", "projector", "on"), ("let's rock and roll", "jukebox", "on"), ("bath time is coming", "warmer", "on"),
        ("the baby is awake", "monitor", "off"),
    ],
    "out": [
        "the waffle iron please", "turn on the steam iron", "sunrise is at six", "switch on the water heater",
        "the baby monitor is beeping", "turn on the projector screen", "feed the reptiles", "sand the table",
        "towel warmer please", "play the jukebox", "blow some bubbles", "show me the time", "let's rock the boat",
        "bath time is over", "the baby is asleep", "it is showtime folks", "turn off the belt buckle",
        "where is the cat", "the game room is messy", "is the bubble machine on",
    ],
    "voices": [("flite", "kal"), ("flite", "slt", "16000", "1.15"), ("flite", "awb"), ("flite", "rms"),
               ("espeak", "en-us", "180"), ("espeak", "en-gb-x-rp", "160"), ("espeak", "en-us+m3", "165"),
               ("espeak", "en-gb+f3", "170")],
}
# A possessive name, two devices of one name in two areas, a name with a number, an alias, shortcuts of two to four
# words and a near miss of each (one that begins like a name's word: "turnip" for "turntable"). Voices: flite kal16,
# slt, awb a little slow and rms a little fast; espeak-ng en-us+m2 at 170, en-gb-x-gbclan at 165, en-us+f5 at 175 and
# en-029 at 160. Written after the fifty-fourth was heard, before it was heard.
FIFTY_FIFTH_UNSEEN = {
    "config": {"devices": [
        {"id": "nightlight", "name": "Emma's nightlight", "area": "kids room", "protocol": "tasmota", "topic": "emma_night"},
        {"id": "lamp-office", "name": "floor lamp", "area": "office", "protocol": "shelly", "topic": "shellyplug-office"},
        {"id": "lamp-hall", "name": "floor lamp", "area": "hallway", "protocol": "shelly", "topic": "shellyplug-hall"},
        {"id": "outlet7", "name": "outlet 7", "area": "garage", "protocol": "zigbee2mqtt", "topic": "outlet_7"},
        {"id": "crockpot", "name": "crock pot", "aliases": ["slow cooker"], "area": "kitchen", "protocol": "tasmota", "topic": "crockpot"},
        {"id": "neon", "name": "neon sign", "area": "bar", "protocol": "zigbee2mqtt", "topic": "neon_sign"},
        {"id": "pump", "name": "sump pump", "area": "basement", "protocol": "tasmota", "topic": "sump"},
        {"id": "blanket", "name": "heated blanket", "area": "guest room", "protocol": "shelly", "topic": "shellyplug-blanket"},
        {"id": "turntable", "name": "turntable", "area": "den", "protocol": "zigbee2mqtt", "topic": "turntable"},
        {"id": "dehumid", "name": "dehumidifier", "area": "laundry", "protocol": "tasmota", "topic": "dehumidifier"},
    ]},
    "shortcuts": [("nightlight", "on", "story time"), ("neon", "on", "the bar is open"),
                  ("blanket", "on", "cozy up"), ("lamp-hall", "off", "heading upstairs")],
    "in": [
        ("turn on Emma's nightlight", "nightlight", "on"), ("switch Emma's nightlight off", "nightlight", "off"),
        ("turn off the floor lamp in the office", "lamp-office", "off"), ("turn on the floor lamp in the hallway", "lamp-hall", "on"),
        ("switch on outlet 7", "outlet7", "on"), ("turn outlet 7 off", "outlet7", "off"),
        ("turn on the slow cooker", "crockpot", "on"), ("switch off the crock pot", "crockpot", "off"),
        ("neon sign on", "neon", "on"), ("deactivate the sump pump", "pump", "off"),
        ("turn on the heated blanket in the guest room", "blanket", "on"), ("power off the heated blanket", "blanket", "off"),
        ("turn the turntable on", "turntable", "on"), ("turn the dehumidifier off", "dehumid", "off"),
        ("switch on the dehumidifier in the laundry", "dehumid", "on"), ("enable the neon sign", "neon", "on"),
        ("story time", "nightlight", "on"), ("the bar is open", "neon", "on"), ("cozy up", "blanket", "on"),
        ("heading upstairs", "lamp-hall", "off"),
    ],
    "out": [
        "turn on outlet 9", "switch off the floor fan", "emma is asleep", "turn on the crock pot timer",
        "the neon sign is broken", "pump up the volume", "is the blanket warm", "turn off the turnip",
        "the bar is closed", "story of my life", "cozy evening ahead", "heading downstairs",
        "open the basement door", "what is the humidity", "turn the music on in the den", "switch off the lamp in the kitchen",
        "how long does the slow cooker take", "time for a story", "the office is cold", "put the kettle on",
    ],
    "voices": [("flite", "kal16"), ("flite", "slt"), ("flite", "awb", "16000", "1.1"), ("flite", "rms", "16000", "0.9"),
               ("espeak", "en-us+m2", "170"), ("espeak", "en-gb-x-gbclan", "165"), ("espeak", "en-us+f5", "175"),
               ("espeak", "en-029", "160")],
}
# Two devices of one name in two areas, a possessive, a name with a two-digit number, aliases, a brand name, shortcuts
# of two and three words, and near misses (a device that does not exist beside one that does: "attic light" for
# "attic fan", "plug 13" for "plug 12"). Voices: flite awb, kal16 a little slow, slt a little fast and rms; espeak-ng
# en-us+m3 at 160, en-gb-x-rp at 170, en-us-nyc at 165 and en-gb+f3 at 175. Written after the fifty-fifth was heard,
# before it was heard.
FIFTY_SIXTH_UNSEEN = {
    "config": {"devices": [
        {"id": "attic-fan", "name": "attic fan", "area": "attic", "protocol": "tasmota", "topic": "attic_fan"},
        {"id": "tree", "name": "Christmas tree", "aliases": ["tree lights"], "area": "living room", "protocol": "shelly",
         "topic": "shellyplug-tree"},
        {"id": "bread", "name": "bread machine", "area": "kitchen", "protocol": "zigbee2mqtt", "topic": "bread_machine"},
        {"id": "monitor", "name": "Tom's monitor", "area": "study", "protocol": "tasmota", "topic": "tom_monitor"},
        {"id": "string", "name": "string lights", "area": "patio", "protocol": "zigbee2mqtt", "topic": "string_lights"},
        {"id": "bedside-main", "name": "bedside lamp", "area": "master bedroom", "protocol": "shelly", "topic": "shellyplug-bed1"},
        {"id": "bedside-guest", "name": "bedside lamp", "area": "guest room", "protocol": "shelly", "topic": "shellyplug-bed2"},
        {"id": "plug12", "name": "plug 12", "area": "workshop", "protocol": "tasmota", "topic": "plug_12"},
        {"id": "fryer", "name": "air fryer", "area": "kitchen", "protocol": "zigbee2mqtt", "topic": "air_fryer"},
        {"id": "console", "name": "game console", "aliases": ["Xbox"], "area": "den", "protocol": "tasmota", "topic": "console"},
    ]},
    "shortcuts": [("tree", "on", "merry christmas"), ("bedside-main", "off", "good night house"),
                  ("console", "on", "game on"), ("bread", "on", "bake some bread")],
    "in": [
        ("turn on the attic fan", "attic-fan", "on"), ("switch the attic fan off", "attic-fan", "off"),
        ("turn on the Christmas tree", "tree", "on"), ("tree lights off", "tree", "off"),
        ("switch on the bread machine", "bread", "on"), ("turn off Tom's monitor", "monitor", "off"),
        ("turn the string lights on", "string", "on"), ("switch off the string lights on the patio", "string", "off"),
        ("turn off the bedside lamp in the master bedroom", "bedside-main", "off"),
        ("turn on the bedside lamp in the guest room", "bedside-guest", "on"),
        ("switch on plug 12", "plug12", "on"), ("turn plug 12 off", "plug12", "off"),
        ("turn on the air fryer", "fryer", "on"), ("disable the air fryer", "fryer", "off"),
        ("turn on the xbox", "console", "on"), ("power off the game console", "console", "off"),
        ("merry christmas", "tree", "on"), ("good night house", "bedside-main", "off"), ("game on", "console", "on"),
        ("bake some bread", "bread", "on"),
    ],
    "out": [
        "turn on the attic light", "switch on plug 13", "turn off the christmas music", "the tree needs water",
        "game over", "good night everyone", "is the air fryer hot", "bake a cake", "turn off the heat in the attic",
        "merry go round", "tom is on the phone", "switch the string quartet on", "the bread is stale",
        "turn on the bedside radio", "what time is dinner", "open the garage", "the console is broken",
        "lights on the patio please", "fry some eggs", "turn the music down",
    ],
    "voices": [("flite", "awb"), ("flite", "kal16", "16000", "1.1"), ("flite", "slt", "16000", "0.95"), ("flite", "rms"),
               ("espeak", "en-us+m3", "160"), ("espeak", "en-gb-x-rp", "170"), ("espeak", "en-us-nyc", "165"),
               ("espeak", "en-gb+f3", "175")],
}
# Names with a number at their end (one of them two-digit, two of them the same name with another number), a
# possessive, an alias, a brand name, shortcuts of two and three words, and near misses (another number, a device that
# does not exist, a shortcut's words in another sentence). Voices: flite kal16 a little fast, slt slow, awb fast and
# rms; espeak-ng en-us+m1 at 170, en-gb+f1 at 165, en-gb-x-gbcwmd+m2 at 160 and en-us+f4 at 175. Written after a
# name's number lost its loop of phones, before it was heard.
FIFTY_SEVENTH_UNSEEN = {
    "config": {"devices": [
        {"id": "fan3", "name": "fan 3", "area": "bedroom", "protocol": "tasmota", "topic": "fan_3"},
        {"id": "outlet15", "name": "outlet 15", "area": "garage", "protocol": "shelly", "topic": "shellyplug-o15"},
        {"id": "lamp4", "name": "lamp 4", "area": "study", "protocol": "zigbee2mqtt", "topic": "lamp_4"},
        {"id": "lamp5", "name": "lamp 5", "area": "hallway", "protocol": "zigbee2mqtt", "topic": "lamp_5"},
        {"id": "heat", "name": "heat lamp", "area": "bathroom", "protocol": "tasmota", "topic": "heat_lamp"},
        {"id": "roku", "name": "Roku", "aliases": ["TV stick"], "area": "lounge", "protocol": "shelly", "topic": "shellyplug-roku"},
        {"id": "pond", "name": "pond pump", "area": "garden", "protocol": "zigbee2mqtt", "topic": "pond_pump"},
        {"id": "fairy", "name": "Mia's fairy lights", "area": "nursery", "protocol": "tasmota", "topic": "fairy_lights"},
        {"id": "grinder", "name": "coffee grinder", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-grinder"},
        {"id": "humid", "name": "humidifier", "area": "bedroom", "protocol": "tasmota", "topic": "humidifier"},
    ]},
    "shortcuts": [("grinder", "on", "start the day"), ("pond", "on", "feed the fish"), ("fairy", "off", "sleep tight"),
                  ("roku", "on", "cinema mode")],
    "in": [
        ("turn on fan 3", "fan3", "on"), ("switch fan 3 off", "fan3", "off"),
        ("turn off outlet 15", "outlet15", "off"), ("switch on outlet 15 in the garage", "outlet15", "on"),
        ("turn on lamp 4", "lamp4", "on"), ("switch off lamp 5", "lamp5", "off"),
        ("turn the heat lamp on", "heat", "on"), ("switch off the heat lamp", "heat", "off"),
        ("turn on the roku", "roku", "on"), ("TV stick off", "roku", "off"),
        ("switch on the pond pump", "pond", "on"), ("turn off Mia's fairy lights", "fairy", "off"),
        ("turn the coffee grinder off", "grinder", "off"), ("power on the humidifier", "humid", "on"),
        ("turn off the humidifier in the bedroom", "humid", "off"), ("enable the pond pump", "pond", "on"),
        ("start the day", "grinder", "on"), ("feed the fish", "pond", "on"), ("sleep tight", "fairy", "off"),
        ("cinema mode", "roku", "on"),
    ],
    "out": [
        "switch on fan 4", "turn off outlet 16", "turn on lamp 6", "turn on the heat", "start the car",
        "the fish look hungry", "sleep well everyone", "the cinema is closed", "turn on the coffee maker",
        "turn off the pond light", "what is on the roku", "is the humidifier empty", "grind some pepper",
        "turn on the fairy lights in the kitchen", "lamp three is broken", "how hot is the bathroom",
        "open the garage door", "play some music", "set a timer for ten minutes", "turn the fan up",
    ],
    "voices": [("flite", "kal16", "16000", "0.9"), ("flite", "slt", "16000", "1.15"), ("flite", "awb", "16000", "0.9"),
               ("flite", "rms", "16000", "1.05"), ("espeak", "en-us+m1", "170"), ("espeak", "en-gb+f1", "165"),
               ("espeak", "en-gb-x-gbcwmd+m2", "160"), ("espeak", "en-us+f4", "175")],
}
# Names a shortcut's word begins ("deep fryer" and "fry day"), a brand as an alias ("Netgear" for the modem), two
# names that share a word ("shoe dryer", "hair dryer"), a name of one word, and near misses of each kind: a name's
# first word with another ("turn on the shoe rack", "turn off the tank top"), a word said like a name of one word
# ("switch off the modest"), an area without its device. Voices: flite slt, rms a little fast, awb slow and kal16;
# espeak-ng en-us+m4 at 175, en-gb+m3 at 165, en+f2 at 170 and en-us+f3 at 160. Written before it was heard.
FIFTY_EIGHTH_UNSEEN = {
    "config": {"devices": [
        {"id": "solder", "name": "soldering iron", "area": "workshop", "protocol": "tasmota", "topic": "soldering_iron"},
        {"id": "seedling", "name": "seedling lights", "area": "greenhouse", "protocol": "shelly", "topic": "shellyplug-seed"},
        {"id": "fryer", "name": "deep fryer", "area": "kitchen", "protocol": "zigbee2mqtt", "topic": "deep_fryer"},
        {"id": "modem", "name": "modem", "aliases": ["Netgear"], "area": "office", "protocol": "tasmota", "topic": "modem"},
        {"id": "shoes", "name": "shoe dryer", "area": "utility room", "protocol": "shelly", "topic": "shellyplug-shoes"},
        {"id": "hair", "name": "hair dryer", "area": "bathroom", "protocol": "zigbee2mqtt", "topic": "hair_dryer"},
        {"id": "massage", "name": "massage chair", "area": "living room", "protocol": "tasmota", "topic": "massage_chair"},
        {"id": "disco", "name": "disco ball", "area": "den", "protocol": "shelly", "topic": "shellyplug-disco"},
        {"id": "pizza", "name": "pizza oven", "area": "patio", "protocol": "zigbee2mqtt", "topic": "pizza_oven"},
        {"id": "tank", "name": "tank filter", "area": "hallway", "protocol": "tasmota", "topic": "tank_filter"},
    ]},
    "shortcuts": [("fryer", "on", "fry day"), ("disco", "on", "party time"), ("massage", "off", "back to work"),
                  ("modem", "off", "unplug the internet")],
    "in": [
        ("turn on the soldering iron", "solder", "on"), ("switch the soldering iron off", "solder", "off"),
        ("switch on the seedling lights", "seedling", "on"), ("turn off the seedling lights in the greenhouse", "seedling", "off"),
        ("turn the deep fryer on", "fryer", "on"), ("deep fryer off", "fryer", "off"),
        ("switch off the netgear", "modem", "off"), ("turn on the modem", "modem", "on"),
        ("turn on the shoe dryer", "shoes", "on"), ("switch off the hair dryer", "hair", "off"),
        ("turn the hair dryer on", "hair", "on"), ("power off the massage chair", "massage", "off"),
        ("switch on the disco ball in the den", "disco", "on"), ("turn on the pizza oven", "pizza", "on"),
        ("turn off the pizza oven", "pizza", "off"), ("activate the tank filter", "tank", "on"),
        ("fry day", "fryer", "on"), ("party time", "disco", "on"), ("back to work", "massage", "off"),
        ("unplug the internet", "modem", "off"),
    ],
    "out": [
        "turn on the shoe rack", "switch off the modest", "turn on the deep freezer", "switch on the pizza delivery",
        "turn off the tank top", "turn on the greenhouse", "the disco was fun", "is it friday yet",
        "party on dude", "back to the future", "unplug the kettle", "the internet is slow",
        "switch off the hair straightener", "turn on the massage gun", "dry my shoes", "where is the soldering wire",
        "order a pizza", "turn the lights down", "how many seedlings sprouted", "turn on the disco lights in the kitchen",
    ],
    "voices": [("flite", "slt", "16000", "1.0"), ("flite", "rms", "16000", "0.95"), ("flite", "awb", "16000", "1.1"),
               ("flite", "kal16", "16000", "1.0"), ("espeak", "en-us+m4", "175"), ("espeak", "en-gb+m3", "165"),
               ("espeak", "en+f2", "170"), ("espeak", "en-us+f3", "160")],
}
# Written before it was heard, at the start of the stop that measured the real-time factor by CPU time
# (2026-12-04): a possessive name, a name with a number beside a near miss of it, a brand name with an alias,
# names sharing a word (heat gun, baseboard heater), shortcuts of two and three words, near misses of each
# (pressure cooker, heat lamp, vacuum cleaner, Emma's lamp, freezer 3, "water the plants"), eight voices
# (espeak-ng en-us+Mike, en-gb-x-rp+f5, en-us+Gene and en-us+m6 among them).
FIFTY_NINTH_UNSEEN = {
    "config": {"devices": [
        {"id": "sprinkler", "name": "lawn sprinkler", "area": "garden", "protocol": "shelly", "topic": "shellyplug-sprinkler"},
        {"id": "washer", "name": "pressure washer", "area": "garage", "protocol": "tasmota", "topic": "pressure_washer"},
        {"id": "heatgun", "name": "heat gun", "area": "workshop", "protocol": "zigbee2mqtt", "topic": "heat_gun"},
        {"id": "pooltable", "name": "pool table light", "area": "games room", "protocol": "tasmota", "topic": "pool_table"},
        {"id": "sealer", "name": "vacuum sealer", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-sealer"},
        {"id": "turtle", "name": "turtle tank heater", "area": "den", "protocol": "zigbee2mqtt", "topic": "turtle_tank"},
        {"id": "kasa", "name": "Kasa lamp", "aliases": ["corner light"], "area": "living room", "protocol": "tasmota", "topic": "kasa"},
        {"id": "rower", "name": "rowing machine", "area": "gym", "protocol": "shelly", "topic": "shellyplug-rower"},
        {"id": "baseboard", "name": "baseboard heater", "area": "nursery", "protocol": "tasmota", "topic": "baseboard"},
        {"id": "freezer", "name": "freezer 2", "area": "basement", "protocol": "zigbee2mqtt", "topic": "freezer_2"},
        {"id": "noah", "name": "Noah's lamp", "area": "bedroom", "protocol": "shelly", "topic": "shellyplug-noah"},
    ]},
    "shortcuts": [("sprinkler", "on", "water the lawn"), ("rower", "on", "workout time"), ("noah", "off", "sleep tight"),
                  ("kasa", "on", "cozy evening")],
    "in": [
        ("turn on the lawn sprinkler", "sprinkler", "on"), ("switch off the pressure washer", "washer", "off"),
        ("turn the heat gun on", "heatgun", "on"), ("heat gun off", "heatgun", "off"),
        ("switch on the pool table light", "pooltable", "on"), ("turn off the vacuum sealer in the kitchen", "sealer", "off"),
        ("activate the turtle tank heater", "turtle", "on"), ("turn off the corner light", "kasa", "off"),
        ("switch the kasa lamp on", "kasa", "on"), ("power off the rowing machine", "rower", "off"),
        ("turn on the baseboard heater", "baseboard", "on"), ("switch off freezer 2", "freezer", "off"),
        ("turn freezer 2 on", "freezer", "on"), ("turn off noah's lamp", "noah", "off"),
        ("deactivate the pressure washer", "washer", "off"),
        ("water the lawn", "sprinkler", "on"), ("workout time", "rower", "on"), ("sleep tight", "noah", "off"),
        ("cozy evening", "kasa", "on"), ("switch on noah's lamp", "noah", "on"),
    ],
    "out": [
        "turn on the pressure cooker", "switch off the heat lamp", "turn on the pool heater", "turn off the vacuum cleaner",
        "switch on freezer 3", "turn off emma's lamp", "water the plants", "turn on the turtle tank filter",
        "switch on the corner shop", "is the lawn sprinkler on", "the heat is unbearable", "how cold is the freezer",
        "sleep tight little one", "time for a workout", "wash the car", "the lawn needs mowing",
        "play some cozy music", "turn on the rowing playlist", "who left the light on", "turn off the baseball game",
    ],
    "voices": [("flite", "slt", "16000", "1.0"), ("flite", "awb", "16000", "0.9"), ("flite", "rms", "16000", "1.1"),
               ("flite", "kal16", "16000", "1.0"), ("espeak", "en-us+Mike", "170"), ("espeak", "en-gb-x-rp+f5", "165"),
               ("espeak", "en-us+Gene", "175"), ("espeak", "en-us+m6", "160")],
}
# The sixtieth: the forms beyond one device's command (groups, lists, toggle, questions, everyday verbs; issue #64),
# written with its devices and voices before the grammar's forms were first heard. A group's answer names its devices
# in the configuration's order, a question's after a "?" (it switches nothing); the incubator opts out of groups.
SIXTIETH_REQUESTS = {
    "config": {"devices": [
        {"id": "snowcone", "name": "snow cone machine", "area": "pantry", "protocol": "tasmota", "topic": "snow_cone"},
        {"id": "egg", "name": "egg cooker", "area": "pantry", "protocol": "shelly", "topic": "shellyplug-egg"},
        {"id": "mirror", "name": "mirror light", "area": "hallway", "protocol": "zigbee2mqtt", "topic": "mirror_light"},
        {"id": "hedge", "name": "hedge trimmer", "area": "shed", "protocol": "tasmota", "topic": "hedge_trimmer"},
        {"id": "bandsaw", "name": "band saw", "area": "shed", "protocol": "shelly", "topic": "shellyplug-bandsaw"},
        {"id": "mat", "name": "heated mat", "area": "sunroom", "protocol": "zigbee2mqtt", "topic": "heated_mat"},
        {"id": "drum", "name": "drum machine", "area": "sunroom", "protocol": "tasmota", "topic": "drum_machine"},
        {"id": "incubator", "name": "incubator", "area": "sunroom", "protocol": "shelly", "topic": "shellyplug-incubator",
         "groupCommands": False},
        {"id": "glue", "name": "glue gun", "area": "craft room", "protocol": "tasmota", "topic": "glue_gun"},
    ]},
    "shortcuts": [("mirror", "on", "getting ready"), ("hedge", "off", "garden work done")],
    "in": [
        ("turn off everything", "snowcone,egg,mirror,hedge,bandsaw,mat,drum,glue", "off"),
        ("turn everything off", "snowcone,egg,mirror,hedge,bandsaw,mat,drum,glue", "off"),
        ("turn on everything in the sunroom", "mat,drum", "on"),
        ("switch off all the plugs in the shed", "hedge,bandsaw", "off"),
        ("turn off all the pantry plugs", "snowcone,egg", "off"),
        ("everything in the pantry off", "snowcone,egg", "off"),
        ("turn on the egg cooker and the glue gun", "egg,glue", "on"),
        ("switch off the band saw and the hedge trimmer", "bandsaw,hedge", "off"),
        ("toggle the mirror light", "mirror", "toggle"), ("toggle the heated mat", "mat", "toggle"),
        ("is the egg cooker on", "?egg", "on"), ("is the band saw off", "?bandsaw", "off"),
        ("what's on in the shed", "?hedge,bandsaw", "on"), ("are any plugs on", "?snowcone,egg,mirror,hedge,bandsaw,mat,drum,incubator,glue", "on"),
        ("is anything on in the sunroom", "?mat,drum,incubator", "on"),
        ("shut off the glue gun", "glue", "off"), ("shut down the drum machine", "drum", "off"),
        ("shut the mirror light off", "mirror", "off"), ("power up the snow cone machine", "snowcone", "on"),
        ("power down the heated mat", "mat", "off"), ("kill the band saw", "bandsaw", "off"),
        ("start the egg cooker", "egg", "on"), ("stop the drum machine", "drum", "off"),
        ("cut the power to the hedge trimmer", "hedge", "off"),
        ("turn on the incubator", "incubator", "on"), ("switch off the mirror light", "mirror", "off"),
        ("getting ready", "mirror", "on"), ("garden work done", "hedge", "off"),
    ],
    "out": [
        "turn off every light in the city", "everything is fine", "all the things i want", "is it raining",
        "what's on tv tonight", "which plugs do i need", "kill the spider", "start the car", "stop the music",
        "cut the cake", "shut the door", "power to the people", "turn off the radio and the fan", "the egg is cooked",
        "start the washing machine", "is the oven on", "shut up", "all done for today", "every plug counts",
        "what's on the menu", "toggle the lights in the attic", "turn on the heated seat",
    ],
    "voices": [("flite", "slt", "16000", "1.0"), ("flite", "awb", "16000", "1.0"), ("flite", "rms", "16000", "1.0"),
               ("flite", "kal16", "16000", "1.0"), ("espeak", "en-us+annie", "165"), ("espeak", "en-gb+Hugo", "160"),
               ("espeak", "en-us+edward", "170"), ("espeak", "en-gb-x-rp+linda", "165")],
}
# The sixty-first: the same forms as the sixtieth with other devices, areas, phrasings and voices, written after the
# sixtieth's first hearing had tuned the grammar (verbless groups and "things" out of speech, more margin for groups
# and everyday verbs, "power off" checked against "power up") and before this set was heard. The fridge-like plug
# (the seed mat) opts out of groups.
SIXTY_FIRST_REQUESTS = {
    "config": {"devices": [
        {"id": "boat", "name": "boat charger", "area": "garage", "protocol": "tasmota", "topic": "boat_charger"},
        {"id": "soup", "name": "soup kettle", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-soup"},
        {"id": "nails", "name": "nail dryer", "area": "bathroom", "protocol": "zigbee2mqtt", "topic": "nail_dryer"},
        {"id": "cider", "name": "cider press", "area": "garage", "protocol": "tasmota", "topic": "cider_press"},
        {"id": "seed", "name": "seed mat", "area": "conservatory", "protocol": "shelly", "topic": "shellyplug-seed",
         "groupCommands": False},
        {"id": "lantern", "name": "paper lantern", "area": "conservatory", "protocol": "zigbee2mqtt", "topic": "lantern"},
        {"id": "chiller", "name": "wine chiller", "area": "kitchen", "protocol": "tasmota", "topic": "wine_chiller"},
        {"id": "tent", "name": "grow tent", "area": "conservatory", "protocol": "shelly", "topic": "shellyplug-tent"},
    ]},
    "shortcuts": [("lantern", "on", "lantern time"), ("cider", "off", "pressing done")],
    "in": [
        ("switch off everything", "boat,soup,nails,cider,lantern,chiller,tent", "off"),
        ("turn everything on", "boat,soup,nails,cider,lantern,chiller,tent", "on"),
        ("turn off everything in the garage", "boat,cider", "off"),
        ("switch on all the plugs in the conservatory", "lantern,tent", "on"),
        ("turn off all the kitchen plugs", "soup,chiller", "off"),
        ("turn on the soup kettle and the nail dryer", "soup,nails", "on"),
        ("switch off the wine chiller and the boat charger", "chiller,boat", "off"),
        ("toggle the paper lantern", "lantern", "toggle"), ("toggle the cider press", "cider", "toggle"),
        ("is the boat charger on", "?boat", "on"), ("is the grow tent off", "?tent", "off"),
        ("what's on in the kitchen", "?soup,chiller", "on"), ("is anything on in the garage", "?boat,cider", "on"),
        ("are any plugs on", "?boat,soup,nails,cider,seed,lantern,chiller,tent", "on"),
        ("shut off the cider press", "cider", "off"), ("shut down the wine chiller", "chiller", "off"),
        ("shut the nail dryer off", "nails", "off"), ("power up the grow tent", "tent", "on"),
        ("power down the soup kettle", "soup", "off"), ("kill the boat charger", "boat", "off"),
        ("start the nail dryer", "nails", "on"), ("stop the wine chiller", "chiller", "off"),
        ("cut the power to the paper lantern", "lantern", "off"),
        ("turn on the seed mat", "seed", "on"), ("power off the grow tent", "tent", "off"),
        ("lantern time", "lantern", "on"), ("pressing done", "cider", "off"),
    ],
    "out": [
        "switch off the lights in the garden", "everything is going to be fine", "all the best to you",
        "is the shop open", "what's on the radio", "which plugs did you buy", "kill the engine", "start the movie",
        "stop talking", "cut the bread", "shut the window", "power to the grid", "turn on the radio and the tv",
        "the soup is cold", "start the lawn mower", "is the car ready", "shut your mouth", "every dog has its day",
        "all done in the garage", "toggle the headlights", "turn on the heated blanket", "what's on for dinner",
    ],
    "voices": [("flite", "slt", "16000", "1.05"), ("flite", "awb", "16000", "0.95"), ("flite", "rms", "16000", "0.95"),
               ("flite", "kal16", "16000", "1.05"), ("espeak", "en-gb-scotland+annie", "160"), ("espeak", "en-us-nyc+Hugo", "165"),
               ("espeak", "en-029+edward", "160"), ("espeak", "en-gb-x-rp+annie", "165")],
}
# The sixty-second: plain commands for devices and with voices no set, test or living room used, written after the
# living rooms' households 1-3 tuned the on/off check and the replies, before this set was heard; for the single
# utterance figures of listening (clean, 20 dB, and with --ten-db 10 dB).
SIXTY_SECOND_PLAIN = {
    "config": {"devices": [
        {"id": "cellar", "name": "cellar light", "area": "cellar", "protocol": "tasmota", "topic": "cellar_light"},
        {"id": "gazebo", "name": "gazebo lights", "area": "garden", "protocol": "zigbee2mqtt", "topic": "gazebo_lights"},
        {"id": "steamer", "name": "clothes steamer", "area": "bedroom", "protocol": "shelly", "topic": "shellyplug-steamer"},
        {"id": "den", "name": "den heater", "area": "den", "protocol": "tasmota", "topic": "den_heater"},
        {"id": "cocktail", "name": "cocktail fridge", "area": "den", "protocol": "shelly", "topic": "shellyplug-cocktail"},
        {"id": "canopy", "name": "canopy light", "area": "bedroom", "protocol": "zigbee2mqtt", "topic": "canopy_light"},
        {"id": "hall", "name": "hall fan", "area": "hall", "protocol": "tasmota", "topic": "hall_fan"},
        {"id": "rice", "name": "rice steamer", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-rice"},
    ]},
    "shortcuts": [("cellar", "off", "cellar closed"), ("hall", "on", "air the hall")],
    "in": [
        ("turn on the cellar light", "cellar", "on"), ("cellar light off", "cellar", "off"),
        ("switch on the gazebo lights", "gazebo", "on"), ("turn the gazebo lights off", "gazebo", "off"),
        ("power on the clothes steamer", "steamer", "on"), ("switch the clothes steamer off", "steamer", "off"),
        ("den heater on", "den", "on"), ("turn off the den heater", "den", "off"),
        ("please switch on the cocktail fridge", "cocktail", "on"), ("power off the cocktail fridge", "cocktail", "off"),
        ("turn the canopy light on", "canopy", "on"), ("switch off the canopy light", "canopy", "off"),
        ("hall fan on", "hall", "on"), ("could you turn off the hall fan", "hall", "off"),
        ("turn on the rice steamer", "rice", "on"), ("rice steamer off", "rice", "off"),
        ("switch the den heater on", "den", "on"), ("turn on the hall fan please", "hall", "on"),
        ("power off the gazebo lights", "gazebo", "off"), ("turn off the cellar light", "cellar", "off"),
        ("cellar closed", "cellar", "off"), ("air the hall", "hall", "on"),
    ],
    "out": [
        "the cellar light is broken", "turn up the den heater", "I left the gazebo lights on all night", "switch the channel",
        "turn left at the cellar", "the rice is steaming", "power cuts are common here", "could you hand me the fan",
        "the canopy is torn", "turn on the television", "switch off your phone", "the cocktail party starts at nine",
        "hello, how are you", "put the kettle on", "the heater in the den is noisy", "turn down the den heater",
        "what's on tonight", "turn the page", "light the candles in the gazebo", "the hall is cold",
    ],
    "voices": [("flite", "slt", "16000", "0.9"), ("flite", "awb", "16000", "1.1"), ("flite", "rms", "16000", "1.05"),
               ("flite", "kal16", "16000", "0.95"), ("espeak", "en-us-nyc+quincy", "165"), ("espeak", "en-gb-scotland+max", "160"),
               ("espeak", "en-gb-x-gbcwmd+shelby", "165"), ("espeak", "en-gb+caleb", "170")],
}
# The sixty-third, written after the sixty-second and the living room's seventh household were heard and a check of
# the heard name against the other devices' names was begun (its threshold not yet chosen), before it was heard:
# eight devices no set, test or doc names, three pairs sharing a word or a sound, and voices no set used.
SIXTY_THIRD_NAMES = {
    "config": {"devices": [
        {"id": "barnlight", "name": "barn light", "area": "barn", "protocol": "tasmota", "topic": "barn_light"},
        {"id": "barnfan", "name": "barn fan", "area": "barn", "protocol": "shelly", "topic": "shellyplug-barnfan"},
        {"id": "orb", "name": "orb lamp", "area": "living room", "protocol": "zigbee2mqtt", "topic": "orb_lamp"},
        {"id": "basket", "name": "basket lamp", "area": "bedroom", "protocol": "tasmota", "topic": "basket_lamp"},
        {"id": "sauna", "name": "sauna light", "area": "sauna", "protocol": "shelly", "topic": "shellyplug-sauna"},
        {"id": "bunk", "name": "bunk heater", "area": "kids room", "protocol": "tasmota", "topic": "bunk_heater"},
        {"id": "path", "name": "path light", "area": "garden", "protocol": "zigbee2mqtt", "topic": "path_light"},
        {"id": "crate", "name": "crate heater", "area": "utility room", "protocol": "shelly", "topic": "shellyplug-crate"},
    ]},
    "shortcuts": [("barnlight", "off", "close up the barn"), ("orb", "on", "glow time")],
    "in": [
        ("turn on the barn light", "barnlight", "on"), ("barn fan off", "barnfan", "off"),
        ("switch on the orb lamp", "orb", "on"), ("turn the basket lamp off", "basket", "off"),
        ("power on the sauna light", "sauna", "on"), ("switch the bunk heater off", "bunk", "off"),
        ("path light on", "path", "on"), ("turn off the crate heater", "crate", "off"),
        ("please switch on the barn fan", "barnfan", "on"), ("power off the barn light", "barnlight", "off"),
        ("turn the orb lamp off", "orb", "off"), ("switch off the sauna light", "sauna", "off"),
        ("basket lamp on", "basket", "on"), ("could you turn on the crate heater", "crate", "on"),
        ("turn on the bunk heater", "bunk", "on"), ("path light off", "path", "off"),
        ("switch the barn fan on", "barnfan", "on"), ("turn off the path light please", "path", "off"),
        ("power off the basket lamp", "basket", "off"), ("turn on the sauna light", "sauna", "on"),
        ("close up the barn", "barnlight", "off"), ("glow time", "orb", "on"),
    ],
    "out": [
        "the barn light is flickering", "turn up the bunk heater", "I left the path light on last night", "switch seats",
        "turn right at the barn", "the sauna is too hot", "power lines are down", "could you pass me the basket",
        "the orb is glowing", "turn on the radio", "switch off the car", "the crate is in the garage",
        "good morning everyone", "put the bread in", "the fan in the barn is loud", "turn down the crate heater",
        "what's on the menu", "turn the corner", "light the path with torches", "the bunk bed is new",
    ],
    "voices": [("flite", "slt", "16000", "1.08"), ("flite", "awb", "16000", "0.92"), ("flite", "rms", "16000", "0.97"),
               ("flite", "kal16", "16000", "1.12"), ("espeak", "en-us-nyc+sandro", "165"), ("espeak", "en-gb-x-rp+marcelo", "160"),
               ("espeak", "en-gb-scotland+miguel", "165"), ("espeak", "en-gb-x-gbclan+antonio", "160")],
}
# The sixty-fourth, written after the sixty-third and household 8 were heard and `onStateMargin` raised to 15, before
# it was heard: eight devices no set, test or doc names (two heaters, three lamps, two lights alike in sound), and
# voices no set used (flite at paces no set used; espeak-ng accents with variants no set paired them with).
SIXTY_FOURTH_NAMES = {
    "config": {"devices": [
        {"id": "pantryfan", "name": "pantry fan", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-pantryfan"},
        {"id": "easel", "name": "easel lamp", "area": "studio", "protocol": "tasmota", "topic": "easel_lamp"},
        {"id": "studioheater", "name": "studio heater", "area": "studio", "protocol": "zigbee2mqtt", "topic": "studio_heater"},
        {"id": "attic", "name": "attic heater", "area": "attic", "protocol": "tasmota", "topic": "attic_heater"},
        {"id": "den", "name": "den lamp", "area": "den", "protocol": "zigbee2mqtt", "topic": "den_lamp"},
        {"id": "paper", "name": "paper lamp", "area": "bedroom", "protocol": "shelly", "topic": "shellyplug-paper"},
        {"id": "bar", "name": "bar light", "area": "basement", "protocol": "tasmota", "topic": "bar_light"},
        {"id": "dock", "name": "dock light", "area": "garden", "protocol": "shelly", "topic": "shellyplug-dock"},
    ]},
    "shortcuts": [("dock", "off", "done fishing"), ("easel", "on", "paint mode")],
    "in": [
        ("turn off the pantry fan", "pantryfan", "off"), ("easel lamp on", "easel", "on"),
        ("switch the studio heater off", "studioheater", "off"), ("power on the attic heater", "attic", "on"),
        ("turn the den lamp on", "den", "on"), ("switch off the paper lamp", "paper", "off"),
        ("bar light off", "bar", "off"), ("turn on the dock light", "dock", "on"),
        ("please turn off the attic heater", "attic", "off"), ("switch on the pantry fan", "pantryfan", "on"),
        ("turn the easel lamp off", "easel", "off"), ("power off the studio heater", "studioheater", "off"),
        ("den lamp off", "den", "off"), ("could you switch on the paper lamp", "paper", "on"),
        ("turn on the bar light", "bar", "on"), ("switch the dock light off", "dock", "off"),
        ("turn on the studio heater please", "studioheater", "on"), ("pantry fan off", "pantryfan", "off"),
        ("switch on the den lamp", "den", "on"), ("turn off the bar light", "bar", "off"),
        ("done fishing", "dock", "off"), ("paint mode", "easel", "on"),
    ],
    "out": [
        "turn up the attic heater", "the pantry fan is noisy", "I left the dock light on yesterday", "switch lanes",
        "turn left at the dock", "the studio is cold", "power is out downtown", "could you hand me the paper",
        "the den is tidy", "turn on the television", "switch off your phone", "the easel is in the attic",
        "good night everyone", "put the kettle on", "the bar is closed", "turn down the studio heater",
        "what's on the radio", "turn the page", "light a candle in the den", "the paper lamp is torn",
    ],
    "voices": [("flite", "slt", "16000", "0.88"), ("flite", "awb", "16000", "1.04"), ("flite", "rms", "16000", "1.17"),
               ("flite", "kal16", "16000", "0.86"), ("espeak", "en-us-nyc+michel", "170"), ("espeak", "en-gb-x-gbcwmd+paul", "160"),
               ("espeak", "en-gb-scotland+norbert", "165"), ("espeak", "en-029+zac", "160")],
}
# The sixty-fifth, written after the sixty-fourth was heard and a check of the state particle against "up" and
# "down" chosen on the sixty-second to sixty-fourth, before it was heard: eight devices no set, test or doc names,
# two heaters among them, more near misses that turn a device up or down, and voices no set used.
SIXTY_FIFTH_NAMES = {
    "config": {"devices": [
        {"id": "hobby", "name": "hobby lamp", "area": "studio", "protocol": "tasmota", "topic": "hobby_lamp"},
        {"id": "sink", "name": "sink light", "area": "kitchen", "protocol": "shelly", "topic": "shellyplug-sink"},
        {"id": "hutch", "name": "hutch heater", "area": "garden", "protocol": "zigbee2mqtt", "topic": "hutch_heater"},
        {"id": "shopfan", "name": "shop fan", "area": "garage", "protocol": "tasmota", "topic": "shop_fan"},
        {"id": "gallery", "name": "gallery light", "area": "hall", "protocol": "zigbee2mqtt", "topic": "gallery_light"},
        {"id": "alcove", "name": "alcove lamp", "area": "living room", "protocol": "shelly", "topic": "shellyplug-alcove"},
        {"id": "veranda", "name": "veranda heater", "area": "veranda", "protocol": "tasmota", "topic": "veranda_heater"},
        {"id": "vanity", "name": "vanity lamp", "area": "bathroom", "protocol": "zigbee2mqtt", "topic": "vanity_lamp"},
    ]},
    "shortcuts": [("shopfan", "off", "closing time"), ("vanity", "on", "makeup time")],
    "in": [
        ("turn on the hobby lamp", "hobby", "on"), ("sink light off", "sink", "off"),
        ("switch the hutch heater on", "hutch", "on"), ("turn off the shop fan", "shopfan", "off"),
        ("power on the gallery light", "gallery", "on"), ("turn the alcove lamp off", "alcove", "off"),
        ("switch off the veranda heater", "veranda", "off"), ("vanity lamp on", "vanity", "on"),
        ("please turn off the hutch heater", "hutch", "off"), ("switch on the sink light", "sink", "on"),
        ("turn the veranda heater on", "veranda", "on"), ("power off the hobby lamp", "hobby", "off"),
        ("gallery light off", "gallery", "off"), ("could you turn on the alcove lamp", "alcove", "on"),
        ("switch the shop fan on", "shopfan", "on"), ("turn off the vanity lamp", "vanity", "off"),
        ("turn on the veranda heater please", "veranda", "on"), ("hutch heater off", "hutch", "off"),
        ("switch off the gallery light", "gallery", "off"), ("turn the hobby lamp on", "hobby", "on"),
        ("closing time", "shopfan", "off"), ("makeup time", "vanity", "on"),
    ],
    "out": [
        "turn up the hutch heater", "turn down the veranda heater", "turn the shop fan up", "turn the alcove lamp down",
        "turn up the music", "the sink light is flickering", "I left the gallery light on", "switch places with me",
        "turn off at the next exit", "the hutch is in the garden", "power cut at the shop", "could you pass the vanity case",
        "the hobby shop opens at nine", "turn on the charm", "switch it up a bit", "the veranda is wet",
        "what's on at the gallery", "turn down the volume", "light the fire", "good afternoon",
    ],
    "voices": [("flite", "slt", "16000", "0.96"), ("flite", "awb", "16000", "1.21"), ("flite", "rms", "16000", "0.83"),
               ("flite", "kal16", "16000", "1.09"), ("espeak", "en-gb-x-rp+robert", "160"), ("espeak", "en-us-nyc+adam", "170"),
               ("espeak", "en-gb-scotland+linda", "165"), ("espeak", "en-gb-x-gbclan+norbert", "160")],
}
# The sixty-sixth, written after the sixty-fifth was heard, the up/down check took "to" with the particle and a group
# whose words the open pass did not hear needed more, before it was heard: eight devices no set, test or doc names,
# two of them sharing an area, group commands, "to on/off" forms, near misses, and voices no set used.
SIXTY_SIXTH_NAMES = {
    "config": {"devices": [
        {"id": "trellis", "name": "trellis light", "area": "pergola", "protocol": "tasmota", "topic": "trellis_light"},
        {"id": "quilt", "name": "quilt warmer", "area": "mezzanine", "protocol": "shelly", "topic": "shellyplug-quilt"},
        {"id": "lectern", "name": "lectern light", "area": "vestry", "protocol": "zigbee2mqtt", "topic": "lectern_light"},
        {"id": "oriel", "name": "oriel lamp", "area": "atrium", "protocol": "tasmota", "topic": "oriel_lamp"},
        {"id": "brew", "name": "brew heater", "area": "rumpus room", "protocol": "zigbee2mqtt", "topic": "brew_heater"},
        {"id": "crib", "name": "crib lamp", "area": "mezzanine", "protocol": "shelly", "topic": "shellyplug-crib"},
        {"id": "anvil", "name": "anvil lamp", "area": "bunker", "protocol": "tasmota", "topic": "anvil_lamp"},
        {"id": "futon", "name": "futon heater", "area": "chalet", "protocol": "zigbee2mqtt", "topic": "futon_heater"},
    ]},
    "shortcuts": [("lectern", "on", "sermon time"), ("futon", "off", "guests are gone")],
    "in": [
        ("turn on the trellis light", "trellis", "on"), ("quilt warmer off", "quilt", "off"),
        ("switch the brew heater on", "brew", "on"), ("turn off the oriel lamp", "oriel", "off"),
        ("set the futon heater to off", "futon", "off"), ("turn the crib lamp to on", "crib", "on"),
        ("power on the anvil lamp", "anvil", "on"), ("switch off the lectern light", "lectern", "off"),
        ("please turn the quilt warmer on", "quilt", "on"), ("turn the trellis light off", "trellis", "off"),
        ("switch on the futon heater", "futon", "on"), ("brew heater off", "brew", "off"),
        ("could you switch off the crib lamp", "crib", "off"), ("oriel lamp on", "oriel", "on"),
        ("turn off the anvil lamp please", "anvil", "off"), ("switch the lectern light on", "lectern", "on"),
        ("turn off everything", "trellis,quilt,lectern,oriel,brew,crib,anvil,futon", "off"),
        ("switch on all the plugs in the mezzanine", "quilt,crib", "on"),
        ("turn everything in the mezzanine off", "quilt,crib", "off"),
        ("power off the futon heater", "futon", "off"),
        ("sermon time", "lectern", "on"), ("guests are gone", "futon", "off"),
    ],
    "out": [
        "turn the brew heater down", "turn up the quilt warmer", "set the futon heater to high", "turn the anvil lamp around",
        "everything in the vestry is old", "all the plugs are loose", "switch off the radio and the tv", "is everything ok",
        "the trellis needs paint", "the oriel window is open", "brew some tea", "put the quilt away",
        "a crib sheet for the exam", "the anvil is heavy", "turn all the pages", "what's on tonight",
        "turn around", "power walk in the morning", "the lectern is too tall", "good evening",
    ],
    "voices": [("flite", "slt", "16000", "1.04"), ("flite", "awb", "16000", "0.9"), ("flite", "rms", "16000", "1.12"),
               ("flite", "kal16", "16000", "0.94"), ("espeak", "en-gb-x-rp+benjamin", "160"), ("espeak", "en-us-nyc+Lee", "170"),
               ("espeak", "en-gb-scotland+Gene", "165"), ("espeak", "en-gb-x-gbcwmd+Denis", "160")],
}
# The sixty-seventh, written after the sixty-sixth and household 11 were heard, "up" fitting nearly as well as the
# state was asked back and "to high" and "to low" became near misses of the up/down check, before it was heard:
# eight devices no set, test or doc names, two of them sharing an area, and voices no set used.
SIXTY_SEVENTH_NAMES = {
    "config": {"devices": [
        {"id": "parasol", "name": "parasol light", "area": "solarium", "protocol": "tasmota", "topic": "parasol_light"},
        {"id": "totem", "name": "totem lamp", "area": "garret", "protocol": "shelly", "topic": "shellyplug-totem"},
        {"id": "bassinet", "name": "bassinet lamp", "area": "garret", "protocol": "zigbee2mqtt", "topic": "bassinet_lamp"},
        {"id": "samovar", "name": "samovar heater", "area": "annex", "protocol": "tasmota", "topic": "samovar_heater"},
        {"id": "mosaic", "name": "mosaic lamp", "area": "crypt", "protocol": "shelly", "topic": "shellyplug-mosaic"},
        {"id": "lute", "name": "lute light", "area": "observatory", "protocol": "zigbee2mqtt", "topic": "lute_light"},
        {"id": "armoire", "name": "armoire fan", "area": "boudoir", "protocol": "tasmota", "topic": "armoire_fan"},
        {"id": "sundial", "name": "sundial heater", "area": "portico", "protocol": "zigbee2mqtt", "topic": "sundial_heater"},
    ]},
    "shortcuts": [("samovar", "on", "tea for two"), ("lute", "off", "concert is over")],
    "in": [
        ("turn off the parasol light", "parasol", "off"), ("totem lamp on", "totem", "on"),
        ("switch the samovar heater off", "samovar", "off"), ("turn on the mosaic lamp", "mosaic", "on"),
        ("set the sundial heater to on", "sundial", "on"), ("turn the armoire fan to off", "armoire", "off"),
        ("power off the lute light", "lute", "off"), ("switch on the bassinet lamp", "bassinet", "on"),
        ("please turn the parasol light on", "parasol", "on"), ("turn the totem lamp off", "totem", "off"),
        ("switch off the sundial heater", "sundial", "off"), ("armoire fan on", "armoire", "on"),
        ("could you switch on the samovar heater", "samovar", "on"), ("mosaic lamp off", "mosaic", "off"),
        ("turn on the lute light please", "lute", "on"), ("switch the bassinet lamp off", "bassinet", "off"),
        ("turn on everything", "parasol,totem,bassinet,samovar,mosaic,lute,armoire,sundial", "on"),
        ("switch off all the plugs in the garret", "totem,bassinet", "off"),
        ("turn everything in the garret on", "totem,bassinet", "on"),
        ("power on the armoire fan", "armoire", "on"),
        ("tea for two", "samovar", "on"), ("concert is over", "lute", "off"),
    ],
    "out": [
        "turn the sundial heater to low", "set the samovar heater to high", "turn down the armoire fan", "turn up the lute light",
        "everything in the crypt is damp", "all the lamps are antique", "switch off the oven and the kettle", "is it on yet",
        "the parasol is broken", "the totem pole is tall", "a mosaic of colours", "play the lute for me",
        "the sundial is slow", "a samovar of tea", "turn the armoire around", "what's on the radio",
        "turn left at the portico", "power nap after lunch", "the bassinet is ready", "good night",
    ],
    "voices": [("flite", "slt", "16000", "0.98"), ("flite", "awb", "16000", "1.06"), ("flite", "rms", "16000", "0.93"),
               ("flite", "kal16", "16000", "1.1"), ("espeak", "en-gb-x-rp+caleb", "165"), ("espeak", "en-us-nyc+shelby", "160"),
               ("espeak", "en-gb-scotland+adam", "160"), ("espeak", "en-gb-x-gbcwmd+victor", "165")],
}
# The sixty-eighth, written after households 14 and 15 were heard and an "on" was held to its state margin at three
# phases of the frames, before it was heard: eight devices no set, test or doc names, two pairs sharing an area, and
# voices no set used.
SIXTY_EIGHTH_NAMES = {
    "config": {"devices": [
        {"id": "trestle", "name": "trestle lamp", "area": "still room", "protocol": "tasmota", "topic": "trestle_lamp"},
        {"id": "hamper", "name": "hamper heater", "area": "gun room", "protocol": "shelly", "topic": "shellyplug-hamper"},
        {"id": "tapestry", "name": "tapestry light", "area": "map room", "protocol": "zigbee2mqtt", "topic": "tapestry_light"},
        {"id": "sleigh", "name": "sleigh lamp", "area": "gun room", "protocol": "tasmota", "topic": "sleigh_lamp"},
        {"id": "banjo", "name": "banjo fan", "area": "saddlery", "protocol": "shelly", "topic": "shellyplug-banjo"},
        {"id": "cello", "name": "cello light", "area": "ice house", "protocol": "zigbee2mqtt", "topic": "cello_light"},
        {"id": "skiff", "name": "skiff heater", "area": "mews", "protocol": "tasmota", "topic": "skiff_heater"},
        {"id": "bobbin", "name": "bobbin lamp", "area": "mews", "protocol": "zigbee2mqtt", "topic": "bobbin_lamp"},
    ]},
    "shortcuts": [("skiff", "on", "warm the boat"), ("cello", "off", "music is over")],
    "in": [
        ("turn on the trestle lamp", "trestle", "on"), ("hamper heater off", "hamper", "off"),
        ("switch the tapestry light on", "tapestry", "on"), ("power off the sleigh lamp", "sleigh", "off"),
        ("set the banjo fan to on", "banjo", "on"), ("turn the cello light to off", "cello", "off"),
        ("switch on the skiff heater", "skiff", "on"), ("turn off the bobbin lamp", "bobbin", "off"),
        ("please turn the hamper heater on", "hamper", "on"), ("trestle lamp off", "trestle", "off"),
        ("could you switch off the tapestry light", "tapestry", "off"), ("sleigh lamp on", "sleigh", "on"),
        ("turn the banjo fan off", "banjo", "off"), ("power on the cello light", "cello", "on"),
        ("switch the skiff heater off", "skiff", "off"), ("turn on the bobbin lamp please", "bobbin", "on"),
        ("turn off everything", "trestle,hamper,tapestry,sleigh,banjo,cello,skiff,bobbin", "off"),
        ("switch on all the plugs in the mews", "skiff,bobbin", "on"),
        ("turn everything in the gun room off", "hamper,sleigh", "off"),
        ("switch off the banjo fan", "banjo", "off"),
        ("warm the boat", "skiff", "on"), ("music is over", "cello", "off"),
    ],
    "out": [
        "turn up the hamper heater", "set the skiff heater to low", "turn down the banjo fan", "turn the bobbin lamp to high",
        "the trestle table is wobbly", "hang the tapestry in the hall", "ride the sleigh at christmas", "is it off yet",
        "the cello needs new strings", "a hamper of cheese", "the skiff is in the boathouse", "play the banjo again",
        "switch off the lights and the radio", "what's on in the mews", "the map room is locked", "the gun room smells",
        "wind the bobbin slowly", "turn around at the orchard", "music is loud", "sleep well",
    ],
    "voices": [("flite", "slt", "16000", "1.07"), ("flite", "awb", "16000", "0.96"), ("flite", "rms", "16000", "1.05"),
               ("flite", "kal16", "16000", "0.95"), ("espeak", "en-gb-scotland+Andy", "160"), ("espeak", "en-029+Michel", "165"),
               ("espeak", "en-us-nyc+Iven4", "160"), ("espeak", "en-gb-x-rp+grandpa", "155")],
}

# The sixty-ninth, written after household 16 and the sixty-eighth were heard, an "off" was held to its state margin
# and a reply's other warp was limited, before it was heard: eight devices no set, test or doc names, two pairs
# sharing an area, and voices no set used.
SIXTY_NINTH_NAMES = {
    "config": {"devices": [
        {"id": "sampler", "name": "sampler lamp", "area": "print room", "protocol": "tasmota", "topic": "sampler_lamp"},
        {"id": "coracle", "name": "coracle heater", "area": "oast", "protocol": "shelly", "topic": "shellyplug-coracle"},
        {"id": "pannier", "name": "pannier light", "area": "bell tower", "protocol": "zigbee2mqtt", "topic": "pannier_light"},
        {"id": "marimba", "name": "marimba lamp", "area": "print room", "protocol": "tasmota", "topic": "marimba_lamp"},
        {"id": "quiver", "name": "quiver fan", "area": "almonry", "protocol": "shelly", "topic": "shellyplug-quiver"},
        {"id": "ottoman", "name": "ottoman heater", "area": "root cellar", "protocol": "zigbee2mqtt", "topic": "ottoman_heater"},
        {"id": "bassoon", "name": "bassoon light", "area": "wash house", "protocol": "tasmota", "topic": "bassoon_light"},
        {"id": "compass", "name": "compass lamp", "area": "wash house", "protocol": "zigbee2mqtt", "topic": "compass_lamp"},
    ]},
    "shortcuts": [("coracle", "on", "warm the hut"), ("bassoon", "off", "practice is over")],
    "in": [
        ("turn on the sampler lamp", "sampler", "on"), ("coracle heater off", "coracle", "off"),
        ("switch the pannier light on", "pannier", "on"), ("power off the marimba lamp", "marimba", "off"),
        ("set the quiver fan to on", "quiver", "on"), ("turn the ottoman heater to off", "ottoman", "off"),
        ("switch on the bassoon light", "bassoon", "on"), ("turn off the compass lamp", "compass", "off"),
        ("please turn the coracle heater on", "coracle", "on"), ("sampler lamp off", "sampler", "off"),
        ("could you switch off the pannier light", "pannier", "off"), ("marimba lamp on", "marimba", "on"),
        ("turn the quiver fan off", "quiver", "off"), ("power on the ottoman heater", "ottoman", "on"),
        ("switch the bassoon light off", "bassoon", "off"), ("turn on the compass lamp please", "compass", "on"),
        ("turn off everything", "sampler,coracle,pannier,marimba,quiver,ottoman,bassoon,compass", "off"),
        ("switch on all the plugs in the wash house", "bassoon,compass", "on"),
        ("turn everything in the print room off", "sampler,marimba", "off"),
        ("switch off the quiver fan", "quiver", "off"),
        ("warm the hut", "coracle", "on"), ("practice is over", "bassoon", "off"),
    ],
    "out": [
        "turn up the coracle heater", "set the ottoman heater to low", "turn down the quiver fan", "turn the compass lamp to high",
        "the sampler hangs in the hall", "a coracle on the river", "fill the pannier with apples", "is it on yet",
        "the marimba sounds lovely", "a quiver of arrows", "sit on the ottoman", "the bassoon is out of tune",
        "switch off the oven and the kettle", "what's on in the wash house", "the bell tower is cold", "the oast is empty",
        "the compass points north", "turn left at the church", "practice is long", "good night",
    ],
    "voices": [("flite", "slt", "16000", "1.02"), ("flite", "awb", "16000", "1.04"), ("flite", "rms", "16000", "0.97"),
               ("flite", "kal16", "16000", "1.03"), ("espeak", "en-us-nyc+robert", "165"), ("espeak", "en-gb-scotland+steph3", "160"),
               ("espeak", "en-029+michael", "160"), ("espeak", "en-gb-x-gbclan+pablo", "165")],
}

# The seventieth, written after household 17 and the sixty-ninth were heard, a state heard with an adaptation was held
# to its margin without it and every spoken "power up" was asked back, before it was heard: eight devices no set, test
# or doc names, two pairs sharing an area, and espeak-ng voices whose variants exist (checked) and no set used.
SEVENTIETH_NAMES = {
    "config": {"devices": [
        {"id": "heron", "name": "heron lamp", "area": "wood store", "protocol": "tasmota", "topic": "heron_lamp"},
        {"id": "mangle", "name": "mangle heater", "area": "clock room", "protocol": "shelly", "topic": "shellyplug-mangle"},
        {"id": "ladle", "name": "ladle light", "area": "hop loft", "protocol": "zigbee2mqtt", "topic": "ladle_light"},
        {"id": "bramble", "name": "bramble lamp", "area": "wood store", "protocol": "tasmota", "topic": "bramble_lamp"},
        {"id": "tuba", "name": "tuba fan", "area": "gate lodge", "protocol": "shelly", "topic": "shellyplug-tuba"},
        {"id": "sorrel", "name": "sorrel heater", "area": "feed room", "protocol": "zigbee2mqtt", "topic": "sorrel_heater"},
        {"id": "gimlet", "name": "gimlet light", "area": "clock room", "protocol": "tasmota", "topic": "gimlet_light"},
        {"id": "tinsel", "name": "tinsel lamp", "area": "still house", "protocol": "zigbee2mqtt", "topic": "tinsel_lamp"},
    ]},
    "shortcuts": [("mangle", "on", "heat the laundry"), ("tinsel", "off", "the carols are done")],
    "in": [
        ("switch on the heron lamp", "heron", "on"), ("mangle heater off", "mangle", "off"),
        ("turn the ladle light on", "ladle", "on"), ("power off the bramble lamp", "bramble", "off"),
        ("set the tuba fan to on", "tuba", "on"), ("switch the sorrel heater to off", "sorrel", "off"),
        ("turn on the gimlet light", "gimlet", "on"), ("switch off the tinsel lamp", "tinsel", "off"),
        ("please switch the mangle heater on", "mangle", "on"), ("heron lamp off", "heron", "off"),
        ("could you turn off the ladle light", "ladle", "off"), ("bramble lamp on", "bramble", "on"),
        ("switch the tuba fan off", "tuba", "off"), ("power on the sorrel heater", "sorrel", "on"),
        ("turn the gimlet light off", "gimlet", "off"), ("switch on the tinsel lamp please", "tinsel", "on"),
        ("switch off everything", "heron,mangle,ladle,bramble,tuba,sorrel,gimlet,tinsel", "off"),
        ("turn on all the plugs in the wood store", "heron,bramble", "on"),
        ("switch everything in the clock room off", "mangle,gimlet", "off"),
        ("turn off the tuba fan", "tuba", "off"),
        ("heat the laundry", "mangle", "on"), ("the carols are done", "tinsel", "off"),
    ],
    "out": [
        "turn up the mangle heater", "set the sorrel heater to high", "turn down the tuba fan", "turn the tinsel lamp to low",
        "a heron by the pond", "the mangle squeaks", "the ladle is in the drawer", "brambles in the hedge",
        "the tuba is loud", "sorrel soup for lunch", "a gimlet to open the cask", "tinsel on the tree",
        "switch off the radio and the oven", "what's on in the hop loft", "the gate lodge is locked",
        "the feed room smells of hay", "is the heron lamp new", "turn right at the mill", "the carols are long", "sleep tight",
    ],
    "voices": [("flite", "slt", "16000", "0.98"), ("flite", "awb", "16000", "1.06"), ("flite", "rms", "16000", "1.01"),
               ("flite", "kal16", "16000", "0.97"), ("espeak", "en-us+miguel", "165"), ("espeak", "en-gb-x-rp+iven3", "160"),
               ("espeak", "en-029+kaukovalta", "160"), ("espeak", "en-gb-scotland+iven2", "165")],
}

# The thirty-ninth's and forty-fifth's devices and phrases said by flite slowly (duration_stretch 1.3-1.45) and the
# thirty-ninth's fast (0.75-0.8), as the forty-sixth and forty-seventh have espeak-ng's paces.
FORTY_NINTH_PACES = dict(THIRTY_NINTH_UNSEEN, voices=[("flite", "slt", "16000", "1.4"), ("flite", "rms", "16000", "1.3"),
                                                      ("flite", "awb", "16000", "1.35"), ("flite", "kal16", "16000", "1.45")])
FIFTIETH_PACES = dict(FORTY_FIFTH_UNSEEN, voices=[("flite", "slt", "16000", "1.45"), ("flite", "rms", "16000", "1.35"),
                                                  ("flite", "awb", "16000", "1.3"), ("flite", "kal16", "16000", "1.4")])
FIFTY_FIRST_PACES = dict(THIRTY_NINTH_UNSEEN, voices=[("flite", "slt", "16000", "0.75"), ("flite", "rms", "16000", "0.8"),
                                                      ("flite", "awb", "16000", "0.75"), ("flite", "kal16", "16000", "0.8")])
SCENARIOS = [("example", EXAMPLE), ("held-out", HELD_OUT), ("validation", VALIDATION), ("final-check", FINAL_CHECK), ("fresh", FRESH),
             ("forms", FORMS), ("second-fresh", SECOND_FRESH), ("third-fresh", THIRD_FRESH),
             ("fourth-fresh", FOURTH_FRESH), ("fifth-fresh", FIFTH_FRESH), ("sixth-fresh", SIXTH_FRESH),
             ("seventh-templates", SEVENTH_TEMPLATES), ("eighth-unseen", EIGHTH_UNSEEN),
             ("ninth-unseen", NINTH_UNSEEN), ("tenth-unseen", TENTH_UNSEEN),
             ("eleventh-unseen", ELEVENTH_UNSEEN), ("twelfth-unseen", TWELFTH_UNSEEN),
             ("thirteenth-unseen", THIRTEENTH_UNSEEN), ("fourteenth-unseen", FOURTEENTH_UNSEEN),
             ("fifteenth-unseen", FIFTEENTH_UNSEEN), ("sixteenth-unseen", SIXTEENTH_UNSEEN),
             ("seventeenth-unseen", SEVENTEENTH_UNSEEN), ("eighteenth-unseen", EIGHTEENTH_UNSEEN),
             ("nineteenth-unseen", NINETEENTH_UNSEEN), ("twentieth-unseen", TWENTIETH_UNSEEN),
             ("twenty-first-unseen", TWENTY_FIRST_UNSEEN), ("twenty-second-unseen", TWENTY_SECOND_UNSEEN),
             ("twenty-third-unseen", TWENTY_THIRD_UNSEEN),
             ("twenty-fourth-unseen", TWENTY_FOURTH_UNSEEN), ("twenty-fifth-unseen", TWENTY_FIFTH_UNSEEN),
             ("twenty-sixth-unseen", TWENTY_SIXTH_UNSEEN),
             ("twenty-seventh-unseen", TWENTY_SEVENTH_UNSEEN), ("twenty-eighth-unseen", TWENTY_EIGHTH_UNSEEN),
             ("twenty-ninth-unseen", TWENTY_NINTH_UNSEEN),
             ("thirtieth-unseen", THIRTIETH_UNSEEN), ("thirty-first-unseen", THIRTY_FIRST_UNSEEN),
             ("thirty-second-unseen", THIRTY_SECOND_UNSEEN), ("thirty-third-unseen", THIRTY_THIRD_UNSEEN),
             ("thirty-fourth-unseen", THIRTY_FOURTH_UNSEEN), ("thirty-fifth-unseen", THIRTY_FIFTH_UNSEEN),
             ("thirty-sixth-unseen", THIRTY_SIXTH_UNSEEN),
             ("thirty-seventh-unseen", THIRTY_SEVENTH_UNSEEN), ("thirty-eighth-unseen", THIRTY_EIGHTH_UNSEEN),
             ("thirty-ninth-unseen", THIRTY_NINTH_UNSEEN),
             ("fortieth-unseen", FORTIETH_UNSEEN),
             ("forty-first-unseen", FORTY_FIRST_UNSEEN), ("forty-second-unseen", FORTY_SECOND_UNSEEN),
             ("forty-third-unseen", FORTY_THIRD_UNSEEN), ("forty-fourth-unseen", FORTY_FOURTH_UNSEEN),
             ("forty-fifth-unseen", FORTY_FIFTH_UNSEEN), ("forty-sixth-paces", FORTY_SIXTH_PACES),
             ("forty-seventh-paces", FORTY_SEVENTH_PACES), ("forty-eighth-unseen", FORTY_EIGHTH_UNSEEN),
             ("forty-ninth-paces", FORTY_NINTH_PACES), ("fiftieth-paces", FIFTIETH_PACES), ("fifty-first-paces", FIFTY_FIRST_PACES),
             ("fifty-second-unseen", FIFTY_SECOND_UNSEEN),
             ("fifty-third-unseen", FIFTY_THIRD_UNSEEN), ("fifty-fourth-unseen", FIFTY_FOURTH_UNSEEN),
             ("fifty-fifth-unseen", FIFTY_FIFTH_UNSEEN), ("fifty-sixth-unseen", FIFTY_SIXTH_UNSEEN),
             ("fifty-seventh-unseen", FIFTY_SEVENTH_UNSEEN),
             ("fifty-eighth-unseen", FIFTY_EIGHTH_UNSEEN), ("fifty-ninth-unseen", FIFTY_NINTH_UNSEEN),
             ("sixtieth-requests", SIXTIETH_REQUESTS), ("sixty-first-requests", SIXTY_FIRST_REQUESTS),
             ("sixty-second-plain", SIXTY_SECOND_PLAIN), ("sixty-third-names", SIXTY_THIRD_NAMES),
             ("sixty-fourth-names", SIXTY_FOURTH_NAMES),
             ("sixty-fifth-names", SIXTY_FIFTH_NAMES), ("sixty-sixth-names", SIXTY_SIXTH_NAMES),
             ("sixty-seventh-names", SIXTY_SEVENTH_NAMES), ("sixty-eighth-names", SIXTY_EIGHTH_NAMES),
             ("sixty-ninth-names", SIXTY_NINTH_NAMES),
             ("seventieth-names", SEVENTIETH_NAMES)]
def shared_corpus():
    """../shared/corpus (the text matcher's development corpus) as a set: its 30 devices with their areas, its
    Home Assistant templates as in-grammar and its negatives as out-of-grammar utterances, by two default voices
    of each synthesizer. Not in the default run (4,864 files): `--set shared-corpus`."""
    sys.path.insert(0, os.path.join(ROOT, "bench", "heldout"))
    sys.dont_write_bytecode = True  # no __pycache__ in the tree
    from score import configuration, slug  # the text matcher's bench reads the same corpus
    folder = os.path.join(ROOT, "..", "shared", "corpus")
    devices = json.load(open(os.path.join(folder, "devices.json")))["devices"]
    lines = [json.loads(line) for line in open(os.path.join(folder, "phrases.jsonl"))]
    return {
        "config": configuration(devices),
        "shortcuts": [],
        "in": [(x["text"], slug(x["device"]), x["state"]) for x in lines if x["category"] == "template"],
        "out": [x["text"] for x in lines if x["category"] == "negative"],
        "voices": [("flite", "slt"), ("flite", "kal"), ("espeak", "en-us", "175"), ("espeak", "en-gb", "175")],
    }
def variants():
    """The fifteenth set's commands by espeak-ng en-us with each of its voice variants (`espeak-ng --voices=variant`,
    101 here), effects and all; no out-of-grammar speech. Not in the default run (4,040 files): `--set variants`."""
    listing = subprocess.run(["espeak-ng", "--voices=variant"], capture_output=True, text=True, check=True).stdout
    names = sorted(re.findall(r"!v/(\S+(?: \S+)*)", listing))  # a file name may hold a space ("Mr serious")
    return dict(FIFTEENTH_UNSEEN, out=[], voices=[("espeak", "en-us+" + name, "165") for name in names])
OPTIONAL = {"shared-corpus": shared_corpus, "variants": variants}
VOICES = [("flite", "slt"), ("flite", "rms"), ("flite", "awb"), ("flite", "kal16"),
          ("espeak", "en-us", "175"), ("espeak", "en-us", "140"), ("espeak", "en-us+f3", "165"), ("espeak", "en-us+m3", "185")]
CONDITIONS = [("clean", None), ("20dB", 20)]

def missing_variants(voices):
    """The espeak-ng voices among `voices` ("en-us+quincy") whose variant espeak-ng does not have: it speaks those as
    the plain accent ("en-us") without a word. Variant files are named in their own case ("Annie", "quincy")."""
    data = re.search(r"Data at: (\S+)", subprocess.run(["espeak-ng", "--version"], capture_output=True, text=True).stdout)
    folder = os.path.join(data.group(1) if data else "/usr/lib/x86_64-linux-gnu/espeak-ng-data", "voices", "!v")
    return sorted({v[1] for v in voices if v[0] == "espeak" and "+" in v[1]
                   and not os.path.isfile(os.path.join(folder, v[1].split("+", 1)[1]))})

def warn_missing_variants(voices):
    for voice in missing_variants(voices):
        print(f"warning: espeak-ng has no variant {voice.split('+', 1)[1]!r}: {voice} speaks as {voice.split('+')[0]}",
              file=sys.stderr)

def synthesize(text, voice, path, snr):
    raw = path + ".raw.wav"
    if voice[0] == "flite":
        # A flite voice's fourth field, when given, stretches its durations (1.2: a fifth slower).
        stretch = ["--setf", "duration_stretch=" + voice[3]] if len(voice) > 3 else []
        subprocess.run(["flite", "-voice", voice[1], *stretch, "-t", text, "-o", raw], check=True, capture_output=True)
    else:
        subprocess.run(["espeak-ng", "-v", voice[1], "-s", voice[2], "-w", raw, text], check=True, capture_output=True)
    # 16 kHz mono (or a flite voice's third field: its rate) with a -40 dB pink-noise floor, or pink noise `snr` dB
    # below the speech.
    rate = voice[2] if voice[0] == "flite" and len(voice) > 2 else "16000"
    clean = path + ".mono.wav"
    subprocess.run(["sox", raw, "-r", rate, "-c", "1", "-b", "16", clean, "pad", "0.3", "0.3"], check=True, capture_output=True)
    stat = subprocess.run(["sox", clean, "-n", "stat"], capture_output=True, text=True).stderr
    rms = float(re.search(r"RMS\s+amplitude:\s+([0-9.]+)", stat).group(1))
    length = float(re.search(r"Length \(seconds\):\s+([0-9.]+)", stat).group(1))
    level = 0.01 if snr is None else rms / (10 ** (snr / 20))
    noise = path + ".noise.wav"
    subprocess.run(["sox", "-n", "-r", rate, "-c", "1", "-b", "16", noise, "synth", str(length), "pinknoise", "vol", str(level)],
                   check=True, capture_output=True)
    subprocess.run(["sox", "-m", clean, noise, path + ".part.wav"], check=True, capture_output=True)
    os.rename(path + ".part.wav", path)
    for p in (raw, clean, noise): os.remove(p)

def prepare(args, work, name, scenario):
    folder = os.path.join(work, name)
    os.makedirs(folder, exist_ok=True)
    config = os.path.join(folder, "voiceplug.json")
    json.dump(scenario["config"], open(config, "w"))
    db = os.path.join(folder, "voiceplug.db")
    if not os.path.exists(db):
        for device, state, phrase in scenario["shortcuts"]:
            subprocess.run([args.voiceplug, "shortcuts", "add", "--device", device, "--state", state, "--phrase", phrase,
                            "--config", config, "--db", db], check=True, capture_output=True)
    items = [(t, (d, s)) for t, d, s in scenario["in"]] + [(t, None) for t in scenario["out"]]
    jobs = []
    for condition, snr in CONDITIONS:
        for vi, voice in enumerate(scenario.get("voices", VOICES)):
            for ti, (text, expected) in enumerate(items):
                path = os.path.join(folder, f"{condition}-{vi}-{ti}.wav")
                jobs.append((condition, voice, text, expected, path, snr))
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        list(pool.map(lambda j: os.path.exists(j[4]) or synthesize(j[2], j[1], j[4], j[5]), jobs))
    return config, db, jobs

def hear(args, config, db, paths, adaptation=None):
    """What `voiceplug hear` made of each file. Exit 1 only says that some file held no command; any other exit (a
    crash, a signal) or a file without its line is an error, never counted as "not recognized"."""
    done = subprocess.run([args.voiceplug, "hear", *paths, "--json", "--config", config, "--db", db, "--threshold", str(args.threshold)]
                          + (["--adaptation", adaptation] if adaptation else []), capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"corpus.py: voiceplug hear exited {done.returncode}: {done.stderr.strip()[-500:]}")
    heard = {}
    for line in done.stdout.splitlines():
        record = json.loads(line)
        heard[record.pop("file")] = record
    missing = [p for p in paths if p not in heard]
    if missing:
        sys.exit(f"corpus.py: voiceplug hear gave no answer for {len(missing)} file(s), the first {missing[0]}")
    return heard

def hear_rows(args, config, db, rows, adaptation=None):
    """`rows` with what was heard in each one's file (one `voiceplug hear` per condition, with `adaptation` when given)
    and what that switches (`voiceplug match`): their "heard" and "got"."""
    heard = {}
    for condition, _ in CONDITIONS:
        paths = [r["path"] for r in rows if r["condition"] == condition]
        if paths: heard.update(hear(args, config, db, paths, adaptation))
    texts = {h[key] for h in heard.values() for key in ("text", "candidate") if h.get(key)}
    answers = match(args, config, db, sorted(texts))
    return [dict(r, heard=heard.get(r["path"], {}), got=answers.get(heard.get(r["path"], {}).get("text")),
                 asked=answers.get(heard.get(r["path"], {}).get("candidate"))) for r in rows]

def adapted(args, work, voice, made={}):
    """With --adapt: a speaker adaptation to `voice`, made once a run from `voiceplug adapt --prompts` synthesized
    clean by that voice (kept in WORK/adaptation/VOICE)."""
    if voice not in made:
        folder = os.path.join(work, "adaptation", "_".join(voice))
        os.makedirs(folder, exist_ok=True)
        prompts = subprocess.run([args.voiceplug, "adapt", "--prompts"], capture_output=True, text=True, check=True).stdout.splitlines()
        files = []
        for i, text in enumerate(prompts):
            path = os.path.join(folder, f"prompt{i:02d}.wav")
            if not os.path.exists(path): synthesize(text, voice, path, None)
            open(path[:-4] + ".txt", "w").write(text + "\n")
            files.append(path)
        made[voice] = os.path.join(folder, "voiceplug.adaptation")
        subprocess.run([args.voiceplug, "adapt", *files, "--adaptation", made[voice]], capture_output=True, check=True)
    return made[voice]

def match(args, config, db, texts):
    out = subprocess.run([args.voiceplug, "match", "--config", config, "--db", db], input="".join(t + "\n" for t in texts),
                         capture_output=True, text=True, check=True).stdout
    answers = [json.loads(line) for line in out.splitlines()]
    if len(answers) != len(texts):
        sys.exit(f"corpus.py: voiceplug match answered {len(answers)} of {len(texts)} phrases")
    return {t: answer(a) for t, a in zip(texts, answers)}

def answer(a):
    """What `voiceplug match` says a phrase does: (device, state); for several devices, a toggle or a question its
    request as ("dev1,dev2", state or "toggle"), a question's devices after a "?" (it switches nothing)."""
    if a.get("device"): return (a["device"], a["state"])
    request = a.get("request")
    if not request: return None
    return (("?" if request["kind"] == "query" else "") + ",".join(request["devices"]), request["state"] or request["kind"])

def switches(got):
    """Whether an answer switches a plug (a question does not)."""
    return bool(got) and not got[0].startswith("?")

def report(label, rows, show):
    """Prints a set's figures; returns how many commands switched a wrong device or state."""
    ig = [r for r in rows if r["expected"]]
    oog = [r for r in rows if not r["expected"]]
    right = sum(1 for r in ig if r["got"] == r["expected"])
    wrong = sum(1 for r in ig if switches(r["got"]) and r["got"] != r["expected"])
    accepted = sum(1 for r in oog if switches(r["got"]))
    # Asked back ("the den heater, on?"): switched only by a yes. Right when the question is the command said.
    asked = sum(1 for r in ig if not r["got"] and r.get("asked") == r["expected"])
    asked_wrong = sum(1 for r in rows if not r["got"] and r.get("asked") and r.get("asked") != r["expected"])
    print(f"{label:18} in-grammar right {right}/{len(ig)} ({100*right/len(ig):.1f}%), wrong device {wrong} ({100*wrong/len(ig):.1f}%); "
          f"out-of-grammar switching something {accepted}/{len(oog)} ({100*accepted/max(1, len(oog)):.1f}%); "
          f"asked back: {asked} as said, {asked_wrong} otherwise")
    if show:
        for r in rows:
            if r["got"] != r["expected"]:
                print("   ", r["text"], "/", " ".join(r["voice"]), "→", r["heard"].get("text"), r["heard"].get("margin"), r["got"])
    return wrong

LEARNED = 60  # the hearings `voiceplug run` keeps
def learn(args, work, scenarios, rows):
    """--learn: a household's gateway that heard each set's first half of phrases (every voice, both conditions,
    interleaved) keeps the recognized ones with what was heard, the newest 60, and adapts to them; the second half
    is heard without and with that adaptation. A wrong hearing is kept as the gateway would keep it."""
    before, after = [], []
    for name, scenario in scenarios:
        voices = [tuple(v) for v in scenario.get("voices", VOICES)]
        ins, outs = [t for t, _, _ in scenario["in"]], list(scenario["out"])
        def first(r): return (ins.index(r["text"]) < len(ins) // 2) if r["expected"] else (outs.index(r["text"]) < len(outs) // 2)
        def order(r): return ((ins + outs).index(r["text"]), voices.index(tuple(r["voice"])), r["condition"])
        mine = [r for r in rows if r["scenario"] == name]
        kept = sorted((r for r in mine if first(r) and r["got"]), key=order)[-LEARNED:]
        folder = os.path.join(work, name, "learned")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        files = []
        for i, r in enumerate(kept):
            path = os.path.join(folder, f"h{i:03d}.wav")
            shutil.copyfile(r["path"], path)
            open(path[:-4] + ".txt", "w").write(r["heard"]["text"] + "\n")
            files.append(path)
        second = [r for r in mine if not first(r)]
        adaptation = os.path.join(folder, "learned.adaptation")
        made = len(files) >= 10 and subprocess.run([args.voiceplug, "adapt", *files, "--adaptation", adaptation], capture_output=True).returncode == 0
        config, db = os.path.join(work, name, "voiceplug.json"), os.path.join(work, name, "voiceplug.db")
        relearned = hear_rows(args, config, db, second, adaptation) if made else second
        print(f"{name}: learned from {len(files)} of the first half's hearings" + ("" if made else " (no adaptation)"))
        for condition, _ in CONDITIONS:
            report(f"  second half {condition}", [r for r in second if r["condition"] == condition], False)
            report(f"  learned {condition}", [r for r in relearned if r["condition"] == condition], args.show)
        before += second
        after += relearned
    json.dump(after, open(os.path.join(work, "learned.json"), "w"))
    for condition, _ in CONDITIONS:
        report(f"all second halves {condition}", [r for r in before if r["condition"] == condition], False)
        report(f"all learned {condition}", [r for r in after if r["condition"] == condition], False)

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--voiceplug", default=os.path.join(ROOT, ".build/release/voiceplug"))
    parser.add_argument("--keep", help="keep the synthesized files here (and reuse them next time)")
    parser.add_argument("--show", action="store_true", help="list every utterance that was not answered right")
    parser.add_argument("--ten-db", action="store_true", help="also hear every file with pink noise 10 dB below the speech")
    parser.add_argument("--threshold", type=float, default=None, help="hear's --threshold (default: hear's own)")
    parser.add_argument("--sweep", action="store_true", help="hear with no threshold and report candidate thresholds")
    parser.add_argument("--adapt", action="store_true",
                        help="hear each voice with a speaker adaptation (voiceplug adapt) made from the prompts it said")
    parser.add_argument("--learn", action="store_true",
                        help="as `voiceplug run` learns: the recognized utterances of each set's first half of phrases (the newest 60, "
                             "with what was heard) make an adaptation (voiceplug adapt), and the second half is heard again with it")
    parser.add_argument("--set", action="append", choices=[name for name, _ in SCENARIOS] + list(OPTIONAL),
                        help="only this set (repeatable)")
    args = parser.parse_args()
    if args.ten_db:
        CONDITIONS.append(("10dB", 10))
    work = args.keep or tempfile.mkdtemp(prefix="voiceplug-speech-")
    os.makedirs(work, exist_ok=True)
    try:
        run(args, work)
    finally:
        if not args.keep: shutil.rmtree(work, ignore_errors=True)

def run(args, work):
    default = float(re.search(r"default (-?[0-9.]+)", subprocess.run([args.voiceplug, "hear", "--help"], capture_output=True, text=True).stdout).group(1))
    if args.sweep: args.threshold = -1e9
    if args.threshold is None: args.threshold = default
    rows = []
    scenarios = [(name, scenario) for name, scenario in SCENARIOS if not args.set or name in args.set]
    scenarios += [(name, make()) for name, make in OPTIONAL.items() if args.set and name in args.set]
    warn_missing_variants([tuple(v) for _, scenario in scenarios for v in scenario.get("voices", VOICES)])
    for name, scenario in scenarios:
        config, db, jobs = prepare(args, work, name, scenario)
        unheard = [{"scenario": name, "condition": condition, "voice": voice, "text": text, "expected": expected, "path": path}
                   for condition, voice, text, expected, path, _ in jobs]
        if args.adapt:  # each voice with its own adaptation
            done = {r["path"]: r for voice in scenario.get("voices", VOICES)
                    for r in hear_rows(args, config, db, [u for u in unheard if u["voice"] == voice], adapted(args, work, tuple(voice)))}
            rows += [done[u["path"]] for u in unheard]
        else:
            rows += hear_rows(args, config, db, unheard)
    if args.learn:
        learn(args, work, scenarios, rows)
        return
    json.dump(rows, open(os.path.join(work, "sweep.json" if args.sweep else "rows.json"), "w"))
    if args.sweep:
        ig = [r for r in rows if r["expected"]]; oog = [r for r in rows if not r["expected"]]
        for t in [default + x / 2 for x in range(-16, 17)]:  # around hear's default threshold
            # A second hearing with another warp needs SpeechRecognizer.retryMargin (12) more. Heard with no threshold,
            # only a first hearing with no command is heard again; at a real threshold, one with a command below it
            # would be too. So each line counts a few commands fewer than hear with that threshold would find.
            def passed(r): return r["got"] is not None and r["heard"].get("margin", -1e9) >= t + (12 if "heard again with warp" in r["heard"].get("hypothesis", "") else 0)
            right = sum(1 for r in ig if passed(r) and r["got"] == r["expected"])
            wrong = sum(1 for r in ig if passed(r) and switches(r["got"]) and r["got"] != r["expected"])
            acc = sum(1 for r in oog if passed(r) and switches(r["got"]))
            print(f"threshold {t:5.1f}: in-grammar right {100*right/len(ig):5.1f}%  wrong {100*wrong/len(ig):4.1f}%  "
                  f"out-of-grammar accepted {100*acc/max(1, len(oog)):4.1f}%")
        return
    print(f"threshold {args.threshold}; files in {work}")
    for name, _ in scenarios:
        for condition, _ in CONDITIONS:
            report(f"{name} {condition}", [r for r in rows if r["scenario"] == name and r["condition"] == condition], args.show)
    wrong = sum(report(f"all {condition}", [r for r in rows if r["condition"] == condition], False) for condition, _ in CONDITIONS)
    if wrong:
        sys.exit(f"corpus.py: {wrong} command(s) switched a wrong device or state")

if __name__ == "__main__":
    main()
