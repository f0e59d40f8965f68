"""What a Python developer meets first: records that print, compare and hash, typed
argument errors, the store as a context manager, and an engine move that a cancelled
task really stops. Run by ffi_python.rs as `python3 friendly.py <bindings folder>`."""

import asyncio
import os
import sys
import tempfile
import time

sys.path.insert(0, sys.argv[1])
import qike  # noqa: E402

# A xiangqi middlegame out of the opening book: the strongest level thinks its full time.
MIDDLEGAME = "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1"


def raised(error, call, *args, **kwargs):
    """The `error` that `call` must raise."""
    try:
        call(*args, **kwargs)
    except error as e:
        return e
    raise SystemExit(f"{call} did not raise {error.__name__}")


# --- Records and enum variants: repr, ==, hash ------------------------------------
p = qike.Point(file=1, rank=2)
assert repr(p) == "Point(file=1, rank=2)", repr(p)
assert str(p) == repr(p), str(p)
assert (p == None) is False and p != None  # noqa: E711
assert (p == "Point(file=1, rank=2)") is False
assert p == qike.Point(file=1, rank=2) and p != qike.Point(file=2, rank=1)
assert {p: 1}[qike.Point(file=1, rank=2)] == 1
assert len({qike.Point(file=1, rank=2), qike.Point(file=1, rank=2), qike.Point(file=0, rank=0)}) == 2

go9 = qike.GameKind.GO(size=9)
assert repr(go9) == "GameKind.GO(size=9)", repr(go9)
assert go9 == qike.GameKind.GO(size=9) and go9 != qike.GameKind.GO(size=19)
assert go9 != qike.GameKind.CHESS() and (go9 == None) is False  # noqa: E711
kinds = {qike.GameKind.XIANGQI(): "象棋", go9: "围棋", qike.GameKind.GOMOKU(rule=qike.GomokuRule.RENJU): "五子棋"}
assert kinds[qike.GameKind.GO(size=9)] == "围棋" and kinds[qike.GameKind.XIANGQI()] == "象棋"
assert {qike.Side.FIRST: "red"}[qike.Side.FIRST] == "red"

chess = qike.Game(qike.GameKind.CHESS())
chess.play(chess.parse_move("e2e4"))
name = chess.move_names()[0]
assert repr(name).startswith("MoveName(standard='e4', chinese="), repr(name)
mv = chess.history()[0]
assert repr(mv).startswith("MoveInput.STEP(") and "Point(file=4, rank=1)" in repr(mv), repr(mv)
assert {mv: "e4"}[chess.parse_move("e2e4")] == "e4"
view = chess.board_view()
assert "BoardView(kind=GameKind.CHESS(), files=8, ranks=8" in repr(view), repr(view)[:80]
assert repr([qike.Point(file=0, rank=0)]) == "[Point(file=0, rank=0)]"

# --- Arguments checked at the boundary ------------------------------------------
e = raised(qike.ArgumentError, qike.Point, file=-1, rank=0)
assert isinstance(e, ValueError) and e.argument == "Point.file" and e.value == -1, e
assert str(e) == "Point.file is -1; it must be from 0 to 255", str(e)
e = raised(qike.ArgumentError, qike.GameKind.GO, size=300)
assert "GameKind.GO.size is 300" in str(e) and "0 to 255" in str(e), str(e)
e = raised(qike.ArgumentError, qike.Point, file="a", rank=0)
assert "Point.file" in str(e) and "whole number" in str(e), str(e)

e = raised(TypeError, qike.Session, qike.GameKind.CHESS(), qike.Side.FIRST, 1, 1)
assert str(e) == "a GameSetup is needed here, not GameKind.CHESS()", str(e)
e = raised(TypeError, qike.Game(qike.GameKind.CHESS()).legal_targets, (1, 2))
assert str(e) == "a Point is needed here, not tuple (1, 2)", str(e)
raised(TypeError, qike.Session, qike.standard_setup(qike.GameKind.CHESS()), "first", 1, 1)
chess_start = qike.standard_setup(qike.GameKind.CHESS())
e = raised(qike.SessionError.Level, qike.Session, chess_start, qike.Side.FIRST, 300, 1)
assert str(e) == "level 300 is not a level of chess: there is no level 300; levels go from 1 to 10", str(e)
e = raised(qike.SessionError.Level, qike.Session, qike.standard_setup(qike.GameKind.GOMOKU(rule=qike.GomokuRule.FREESTYLE)), qike.Side.FIRST, 0, 1)
assert "level 0" in str(e), str(e)
e = raised(qike.SessionError.BadStart, qike.Session, qike.GameSetup.CHESS(fen="not a fen"), qike.Side.FIRST, 1, 1)
assert str(e).startswith("the set-up is not valid: ") and "saved game" not in str(e), str(e)

folder = tempfile.mkdtemp()
a_file = os.path.join(folder, "notes.txt")
with open(a_file, "w") as f:
    f.write("not a store")
e = raised(qike.StoreError.NotAFolder, qike.ProgressStore.open, a_file)
assert f"'{a_file}' is a file" in str(e), str(e)

e = raised(qike.StoreError.NoSuchClass, qike.ProgressStore.open(os.path.join(folder, "other")).class_info, 12345)
assert str(e) == "no class with id 12345", str(e)
entrants = [qike.Entrant(name=n, rating=0) for n in ["甲", "乙", "丙", "丁"]]
event = qike.Tournament("赛", qike.ScoringRule.CLASSIC, qike.TournamentSystem.ROUND_ROBIN(), entrants)
r = event.pair_next()
assert len(event.tables(r)) == 2
e = raised(qike.TournamentError.NoSuchTable, event.set_result, r, 2, qike.GameResult.DRAW)
# A number outside its argument's range is named before it crosses.
bad = raised(qike.ArgumentError, event.set_result, r, -1, qike.GameResult.DRAW)
assert bad.argument == "Tournament.set_result(table)" and bad.value == -1, str(bad)
assert str(bad) == "Tournament.set_result(table) is -1; it must be from 0 to 4294967295", str(bad)
bad = raised(qike.ArgumentError, event.tables, "1")
assert "Tournament.tables(round)" in str(bad) and "whole number" in str(bad), str(bad)
assert str(e) == f"round {r} has no table 2 with a game", str(e)
event.set_result(r, 1, qike.GameResult.DRAW)  # the last table, counted from 0

# --- Sessions from a game; naming a move; a lesson's attempt as the store takes it --
pgn = '[Event "club"]\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 *'
game = qike.Game.from_pgn(pgn)
s = qike.Session.from_game(game, qike.Side.SECOND, 2, 1)
assert [n.standard for n in s.move_names()] == ["e4", "e5", "Nf3"] and s.is_player_turn()
nc6 = game.parse_move("b8c6")
assert s.move_name(nc6).standard == "Nc6" and len(s.move_names()) == 3, "named, not played"
assert game.move_name(nc6) == s.move_name(nc6)
raised(qike.SessionError.Refused, s.move_name, game.parse_move("e5e4"))
s.play(nc6)
assert s.undo() == 1 and len(s.move_names()) == 3
e = raised(qike.SessionError.Level, qike.Session.from_game, game, qike.Side.SECOND, 300, 1)
assert "level 300" in str(e), str(e)
# A hint is the session's level's: weaker levels look less far.
start = qike.standard_setup(qike.GameKind.XIANGQI())
hints = {lv: qike.Session(start, qike.Side.FIRST, lv, 1).hint().mv for lv in (1, 5, 10)}
assert len(set(hints.values())) > 1, hints
assert qike.Session(start, qike.Side.FIRST, 1, 1).hint().mv == hints[1], "the same look twice"
first = qike.courses()[0].units[0].lessons[0]
assert first.step_count > 1
run = qike.LessonRun(first.id)
while not run.is_done():
    for step_input in run.show_me():
        run.submit(step_input)
attempt = run.attempt()
assert (attempt.lesson_id, attempt.completed, attempt.stars, attempt.content_version) == (first.id, True, 3, 1), attempt

mate = qike.Game.from_pgn('[Event "club"]\n[White "A"]\n[Black "B"]\n[Opening "Fool"]\n\n1. f3 e5 2. g4 Qh4# 0-1')
out = mate.pgn()
for header in ['[Event "club"]', '[White "A"]', '[Black "B"]', '[Opening "Fool"]', '[Result "0-1"]']:
    assert header in out, out
assert out.rstrip().endswith("0-1"), out
mate.set_pgn_tag("Round", "3")
assert '[Round "3"]' in mate.pgn() and qike.PgnTag(name="Round", value="3") in mate.pgn_tags()
raised(qike.MoveError.BadTag, mate.set_pgn_tag, "bad name", "x")
raised(qike.MoveError.BadTag, mate.set_pgn_tag, "Event", 'a "quoted" one')
fresh = qike.Game(qike.GameKind.CHESS())
fresh.resign(qike.Side.FIRST)
assert '[Result "0-1"]' in fresh.pgn(), fresh.pgn()
assert qike.LessonRun(first.id).view().kind == qike.StepKind.EXPLAIN

# --- The store as a context manager ---------------------------------------------
path = os.path.join(folder, "store")
with qike.ProgressStore.open(path) as store:
    made = store.create_profile(qike.NewProfile(display_name="小明", avatar="panda", language="zh", role=qike.Role.STUDENT))
    assert [pr.display_name for pr in store.profiles()] == ["小明"]
raised(qike.StoreError.Closed, store.profiles)
with qike.ProgressStore.open(path) as again:  # closed, so it opens at once
    assert [pr.id for pr in again.profiles()] == [made.id]


# --- Cancelling the awaited engine move stops the search ------------------------
async def cancelled():
    top = qike.levels(qike.GameKind.XIANGQI())[-1].number
    assert top == 10, top
    s = qike.Session(qike.GameSetup.XIANGQI(fen=MIDDLEGAME), qike.Side.SECOND, top, 3)
    started = time.monotonic()
    try:
        await asyncio.wait_for(s.engine_move(), 0.05)
        raise SystemExit("level 10 answered within 50 ms: nothing to cancel")
    except asyncio.TimeoutError:
        pass
    while s.is_thinking() and time.monotonic() - started < 0.05 + 0.1:
        await asyncio.sleep(0.002)
    stopped_after = time.monotonic() - started
    assert not s.is_thinking(), "still thinking 100 ms after the cancel"
    assert s.move_names() == [] and s.is_engine_turn(), "a cancelled move is not played"
    # The next engine move works; the caller may also stop it early.
    task = asyncio.ensure_future(s.engine_move())
    await asyncio.sleep(0.05)
    assert s.is_thinking()
    task.cancel()
    try:
        await task
        raise SystemExit("a cancelled task gave a move")
    except asyncio.CancelledError:
        pass
    assert not s.is_thinking()
    reply = await s.engine_move()
    assert [n.standard for n in s.move_names()] == [reply.name.standard]
    return stopped_after


stopped_after = asyncio.run(cancelled())
print(f"cancelled search idle after {stopped_after * 1000:.0f} ms")

# The blocking form, for scripts without an event loop.
s = qike.Session(qike.standard_setup(qike.GameKind.XIANGQI()), qike.Side.SECOND, 1, 5)
reply = s.engine_move_blocking()
assert isinstance(reply, qike.EngineReply) and s.is_player_turn() and not s.is_thinking()
assert s.move_names()[0] == reply.name
raised(qike.SessionError.NotEngineTurn, s.engine_move_blocking)

# Docstrings speak Python: no Rust doc links.
assert "`Session.stop_thinking`" in qike.Session.engine_move.__doc__, qike.Session.engine_move.__doc__
assert "[`" not in qike.Session.engine_move.__doc__

# A text prints in one language; times convert to and from datetimes.
import datetime  # noqa: E402

t = qike.Text(zh="象棋", en="xiangqi")
assert str(t) == "象棋" and repr(t) == "Text(zh='象棋', en='xiangqi')", repr(t)
qike.set_language("en")
assert str(t) == "xiangqi" and f"{t}" == "xiangqi"
qike.set_language("zh")
e = raised(qike.ArgumentError, qike.set_language, "fr")
assert e.argument == "language" and "zh" in str(e), str(e)
when = qike.to_datetime(86_400_000)
assert when == datetime.datetime(1970, 1, 2, tzinfo=datetime.timezone.utc), when
assert qike.from_datetime(when) == 86_400_000

print("python friendly ok")
