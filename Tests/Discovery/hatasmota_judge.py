#!/usr/bin/env python3
"""Judges a Tasmota discovery announcement with Home Assistant's own Tasmota library (hatasmota, from PyPI, kept in
.build/python by `make deps`): its discovery schema must accept the payload, and the switches it derives are printed
as one JSON object a line, {"idx","friendly_name","command_topic","state_topic","result_topic","availability_topic"},
for the caller to compare with what VoicePlug derives.

  hatasmota_judge.py TOPIC PAYLOAD_FILE

Exit 0 with the switches; 1 with the schema's complaint when the payload is refused. A test tool, never the product.
"""
import json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".build", "python"))
sys.dont_write_bytecode = True
from hatasmota import discovery  # noqa: E402
from hatasmota.utils import discovery_topic_get_mac, discovery_topic_is_device_config  # noqa: E402

topic, path = sys.argv[1], sys.argv[2]
payload = json.load(open(path))
if not discovery_topic_is_device_config(topic):
    sys.exit(f"not a device config topic: {topic}")
try:
    message = discovery.TasmotaDiscoveryMsg(payload)
except Exception as error:  # voluptuous' Invalid, with the key it refused
    print(f"refused by hatasmota's schema: {error}")
    sys.exit(1)
if discovery_topic_get_mac(topic, "tasmota/discovery") != message["mac"]:
    print(f"the topic's MAC is not the payload's {message['mac']}")
    sys.exit(1)
for config, _ in discovery.get_switch_entities(message):
    if config is None:
        continue
    print(json.dumps({"idx": config.idx, "friendly_name": config.friendly_name, "command_topic": config.command_topic,
                      "state_topic": config.state_topic, "result_topic": config.result_topic,
                      "availability_topic": config.availability_topic,
                      "state_on": config.state_power_on, "state_off": config.state_power_off}))
