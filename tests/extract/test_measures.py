from kgsync.extract.measures import unit_only


def test_an_acronym_written_only_after_a_number_is_a_unit() -> None:
    text = "The model needs ~1.5 GB. Runners give 16 GB RAM and 100 GB/month; 6GB is enough."
    assert unit_only(text, ["gb", "ram"]) == ("gb",)


def test_one_use_apart_from_a_number_keeps_the_acronym() -> None:
    assert unit_only("It uses 3 LLMs; each LLM answers.", ["llm"]) == ()
    assert unit_only("Great Britain (GB) scored 82 GB", ["gb"]) == ()


def test_a_digit_of_a_name_is_no_number() -> None:
    assert unit_only("the ARM A1 VM", ["vm"]) == ()
    assert unit_only("ISO 27001, HIPAA and SOC 2", ["hipaa"]) == ()
