"""A chat bot: it posts every XP award as the GM types it, with its reason (docs/api.md).

python samples/xp_bot.py campaign.json [en|ru]
"""

import sys

import campaign_cli


def post(text: str) -> None:  # a real bot sends TEXT to the group's chat
    print(text, flush=True)


def main(path: str, lang: str = "en") -> None:
    with campaign_cli.read(path) as camp:  # start from now: the newest change there is
        after = max((e["seq"] for e in camp.log(limit=50) if e["seq"] is not None), default=None)
    for entry in campaign_cli.follow(path, after=after, lang=lang):  # ends with Ctrl-C
        for event in entry["events"]:
            if event["event"] == "xp_awarded":
                post(f"{campaign_cli.sentence(event, lang=lang)} (#{entry['seq']})")


if __name__ == "__main__":
    try:
        main(*sys.argv[1:3])
    except KeyboardInterrupt:
        pass
