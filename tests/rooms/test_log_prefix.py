"""`LogPrefix`: the first n lines of a log that grows after it, read like a list of them."""

from __future__ import annotations

import pytest

from app.web.render.loglines import LogPrefix


@pytest.mark.parametrize("index", [
    slice(0, None), slice(2, None), slice(4, None), slice(9, None), slice(-2, None),
    slice(None, None), slice(1, 3), slice(None, -1), slice(None, None, 2), slice(3, 0, -1),
])
def test_a_prefix_slices_as_its_lines_would(index: slice) -> None:
    lines = [{"n": n} for n in range(6)]
    prefix = LogPrefix(lines, 4)
    lines.append({"n": 6})  # the log grew after the frame was made
    assert prefix[index] == lines[:4][index]
    assert len(prefix) == 4 and prefix[-1] == {"n": 3}
    with pytest.raises(IndexError):
        prefix[4]
