"""Every name the package exports has a docstring, and the package docstring's example runs."""

import doctest

import floodgate


def test_every_exported_name_has_a_docstring():
    for name in floodgate.__all__:
        if name == "MAX_SIDE":
            continue
        assert (getattr(floodgate, name).__doc__ or "").strip(), name
    for method in (floodgate.CramBot.reply, floodgate.DomainBot.turn, floodgate.GtpSession.command):
        assert (method.__doc__ or "").strip(), method


def test_the_package_docstring_example_runs():
    failed, attempted = doctest.testmod(floodgate)
    assert attempted > 0 and failed == 0
