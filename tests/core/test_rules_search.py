"""`scorekeeper rules GAME WORDS…`: a dispute settled by reading the rule, found by the words the table uses."""

from __future__ import annotations

import json
import re

from scorekeeper.app.rule_summaries import search
from tests.conftest import Cli


def listed(output: str) -> list[str]:
    """The rule IDs of a `rules` listing, in order."""
    return re.findall(r"^([A-Z]+-[A-Z0-9-]+)  ", output, flags=re.M)


def test_bonfire_finds_the_bonfire_rules_first(cli: Cli) -> None:
    result = cli("rules", "ed", "bonfire")
    assert result.exit_code == 0, result.output
    ids = listed(result.output)
    assert ids[0] == "ED-BONFIRE-1" and {"ED-BONFIRE-1", "ED-BONFIRE-2", "ED-SETUP-8", "ED-SETUP-20"} <= set(ids)
    assert max(len(line) for line in result.output.splitlines()) <= 80


def test_every_rule_listed_mentions_every_word_and_plurals_match(cli: Cli) -> None:
    found, every = search("flamecraft", ["coins", "gift"])
    assert every and found
    for rule in found:
        text = f"{rule.summary} {rule.section} {rule.id}".lower()
        assert "coin" in text and "gift" in text, rule.id


def test_a_rule_whose_id_and_summary_both_mention_the_word_comes_before_one_whose_summary_alone_does() -> None:
    found, _ = search("fc", ["gift"])
    ids = [r.id for r in found]
    assert ids.index("FC-ART-GIFT-1") < ids.index("FC-GEN-6")  # "…receive payments and gifts"


def test_when_no_rule_mentions_every_word_the_rules_that_mention_some_are_listed_and_say_so(cli: Cli) -> None:
    result = cli("rules", "fc", "coin", "zebra")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "no rule mentions all of: coin zebra; the rules that mention some of them:"
    assert "FC-GEN-1" in listed(result.output)


def test_no_rule_at_all_is_one_line_and_exit_1(cli: Cli) -> None:
    result = cli("rules", "fc", "zebra")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == "no rule of fc mentions zebra; every rule: scorekeeper rules fc\n"


def test_words_after_a_rule_id_are_a_usage_error(cli: Cli) -> None:
    result = cli("rules", "eh-flow-2", "party")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("error: eh-flow-2: a rule ID takes no words") and result.stderr.count("\n") == 1


def test_the_search_as_json(cli: Cli) -> None:
    result = cli("rules", "eight-dragons", "chest", "--json")
    data = json.loads(result.stdout)
    assert data and all(set(r) == {"id", "summary", "section"} for r in data)
    assert all("chest" in (r["summary"] + r["section"] + r["id"]).lower() for r in data)
