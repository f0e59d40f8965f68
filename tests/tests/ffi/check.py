"""The core through the generated Python bindings: run by ffi_python.rs as
`python3 check.py <bindings folder> <core version>`."""

import asyncio
import sys
import time

sys.path.insert(0, sys.argv[1])
import qike  # noqa: E402

S = qike.MoveInput.STEP


def P(file, rank):
    return qike.Point(file=file, rank=rank)


def step(ff, fr, tf, tr, promotion=None):
    return S(P(ff, fr), P(tf, tr), promotion)


def expect(error, call, *args):
    """Calls `call(*args)` and returns the message of the `error` it must raise."""
    try:
        call(*args)
    except error as e:
        return str(e)
    raise SystemExit(f"{call.__name__}{args} did not raise {getattr(error, '__name__', error)}")


assert qike.core_version() == sys.argv[2], qike.core_version()

# --- A xiangqi position through the generic face ----------------------------------
viewer = qike.Game(qike.GameKind.XIANGQI())
view = viewer.board_view()
assert view.kind == qike.GameKind.XIANGQI(), view.kind
assert (view.files, view.ranks) == (9, 10)
assert view.placement == qike.Placement.INTERSECTIONS
assert len(view.pieces) == 32, len(view.pieces)
red_general = [p for p in view.pieces if p.side == qike.Side.FIRST and p.kind == qike.PieceKind.GENERAL]
assert [(p.at.file, p.at.rank, p.glyph) for p in red_general] == [(4, 0, "帅")]
assert any(isinstance(m, qike.BoardMark.RIVER) and m.left_text == "楚河" for m in view.marks)
assert [p.glyph for p in view.pieces if (p.at.file, p.at.rank) == (1, 2)] == ["炮"]
msg = expect(qike.MoveError.OffBoard, viewer.legal_targets, P(9, 0))
assert msg == "point (9, 0) is not on the board", msg

# --- Chess through the generic face: fool's mate, PGN and FEN ---------------------
chess = qike.Game(qike.GameKind.CHESS())
assert chess.board_view().placement == qike.Placement.SQUARES
assert sorted((t.file, t.rank) for t in chess.legal_targets(P(6, 0))) == [(5, 2), (7, 2)]
for text in ["f2f3", "e7e5", "g2g4"]:
    assert chess.play(chess.parse_move(text)) is None
outcome = chess.play(step(3, 7, 7, 3))  # Qd8-h4 mate
assert outcome == qike.Outcome.WIN(qike.Side.SECOND, qike.WinReason.CHECKMATE), outcome
assert chess.outcome() == outcome
names = chess.move_names()
assert [n.standard for n in names] == ["f3", "e5", "g4", "Qh4#"], names
assert all(n.chinese for n in names)
assert chess.move_text(chess.history()[-1]) == "d8h4"
msg = expect(qike.MoveError.GameOver, chess.play, step(4, 1, 4, 3))
print("refused after mate:", msg)
pgn = chess.pgn()
assert "Qh4#" in pgn and "0-1" in pgn, pgn
again = qike.Game.from_pgn(pgn)
assert again.history() == chess.history() and again.outcome() == outcome
fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
assert qike.Game.from_setup(qike.GameSetup.CHESS(fen)).fen() == fen
# A promotion needs the piece.
promo = qike.Game.from_setup(qike.GameSetup.CHESS("8/P7/8/8/8/8/8/k6K w - - 0 1"))
assert promo.needs_promotion(P(0, 6), P(0, 7))
expect(qike.MoveError.Chess, promo.play, step(0, 6, 0, 7))
promo.play(step(0, 6, 0, 7, qike.PieceKind.QUEEN))
assert promo.move_names()[-1].standard.startswith("a8=Q"), promo.move_names()

# --- Xiangqi through the generic face: a mate, refusals, FEN ----------------------
xq = qike.Game(qike.GameKind.XIANGQI())
xq.play(step(7, 2, 4, 2))
assert xq.move_names()[0].chinese == "炮二平五"
assert xq.undo() == step(7, 2, 4, 2) and xq.history() == []
msg = expect(qike.MoveError.Xiangqi, xq.play, step(1, 0, 1, 3))  # a horse up the file
assert "(" in msg and any("\u4e00" <= c <= "\u9fff" for c in msg), msg
print("refused:", msg)
mate = qike.Game.from_setup(qike.GameSetup.XIANGQI("3k5/R7R/9/9/9/9/9/9/9/4K4 w - - 0 1"))
assert mate.outcome() is None
outcome = mate.play(step(0, 8, 0, 9))  # 车一进一: the two chariots and the general
assert isinstance(outcome, qike.Outcome.WIN) and outcome.winner == qike.Side.FIRST, outcome
assert mate.fen().startswith("R2k5/8R/"), mate.fen()
msg = expect(qike.SetupError.XiangqiFen, qike.Game.from_setup, qike.GameSetup.XIANGQI("rnbakabnr/9/9 w"))
assert msg == "the start position is not valid: FEN has 3 ranks, a xiangqi board has 10", msg
print("typed error:", msg)
msg = expect(qike.MoveError.OffBoard, xq.legal_targets, P(9, 0))
assert msg == "point (9, 0) is not on the board", msg
expect(qike.MoveError.OffBoard, xq.play, step(0, 0, 0, 12))
expect(qike.MoveError.BadMoveText, xq.parse_move, "z9z9")
expect(qike.MoveError.WrongGame, xq.pgn)

# --- Go and gomoku: SGF, stones, passes -------------------------------------------
go = qike.Game.from_sgf("(;GM[1]FF[4]SZ[9];B[cc];W[gg])")
assert go.kind() == qike.GameKind.GO(9) and len(go.board_view().pieces) == 2
assert go.can_pass() and go.places_stones()
go.play(qike.MoveInput.PASS())
assert "SZ[9]" in go.sgf()
expect(qike.GoSgfError.Syntax, qike.Game.from_sgf, "(;GM[1]SZ[9];B[cc]")
renju = qike.Game.from_setup(qike.GameSetup.GOMOKU(qike.GomokuRule.RENJU, None))
renju.play(qike.MoveInput.PLACE(P(7, 7)))
assert qike.Game.from_gomoku_sgf(renju.sgf(), qike.GomokuRule.FREESTYLE).history() == renju.history()
expect(qike.SetupError.Go, qike.Game.from_setup, qike.GameSetup.GO(2, qike.GoStart.EVEN()))
expect(qike.SetupError.NoSuchOpening, qike.Game.from_setup, qike.GameSetup.GOMOKU(qike.GomokuRule.RENJU, "no such opening"))

# --- Random points and moves on every board: typed errors, never a panic ---------
import random  # noqa: E402

rng = random.Random(1)
for kind in [qike.GameKind.XIANGQI(), qike.GameKind.CHESS(), qike.GameKind.GO(9), qike.GameKind.GOMOKU(qike.GomokuRule.RENJU)]:
    game = qike.Game(kind)
    two = qike.Session(qike.standard_setup(kind), qike.Side.FIRST, None, 1)
    for _ in range(300):
        a, b = P(rng.randrange(22), rng.randrange(22)), P(rng.randrange(22), rng.randrange(22))
        piece = rng.choice([None, qike.PieceKind.QUEEN, qike.PieceKind.STONE])
        for call in [
            lambda: game.legal_targets(a),
            lambda: game.needs_promotion(a, b),
            lambda: game.play(qike.MoveInput.STEP(a, b, piece)),
            lambda: game.play(qike.MoveInput.PLACE(a)),
            lambda: game.play(qike.MoveInput.PASS()),
            lambda: two.tap(a),
            lambda: two.promote(qike.PieceKind.KNIGHT),
            lambda: two._pass(),
            lambda: two.undo() if rng.random() < 0.05 else None,
        ]:
            try:
                call()
            except (qike.MoveError, qike.SessionError):
                pass  # anything else (a panic is an InternalError) fails the script
    assert qike.Session.resume_bytes(two.save_bytes()).move_names() == two.move_names()

# --- Sessions: levels, taps, the engine without blocking, 悔棋, save and resume ---
levels = qike.levels(qike.GameKind.XIANGQI())
assert [l.number for l in levels] == list(range(1, len(levels) + 1)) and len(levels) >= 2
assert all(l.name.zh and l.name.en and l.about.en for l in levels)
# Every game has a computer opponent with ten levels; a level outside the table is refused.
for kind in [qike.GameKind.CHESS(), qike.GameKind.GO(9), qike.GameKind.GOMOKU(qike.GomokuRule.RENJU)]:
    assert [l.number for l in qike.levels(kind)] == list(range(1, 11)), kind
msg = expect(qike.SessionError.Level, qike.Session, qike.standard_setup(qike.GameKind.CHESS()), qike.Side.FIRST, 11, 1)
print("no level:", msg)
expect(qike.SessionError.Level, qike.Session, qike.standard_setup(qike.GameKind.XIANGQI()), qike.Side.FIRST, len(levels) + 1, 1)

s = qike.Session(qike.standard_setup(qike.GameKind.XIANGQI()), qike.Side.FIRST, 1, 7)
assert s.level().number == 1 and s.is_player_turn()
assert s.tap(P(7, 2)) == qike.TapResult.SELECTION()
assert s.selected() == P(7, 2)
assert s.tap(P(4, 2)) == qike.TapResult.MOVED(None)
assert s.is_engine_turn()
assert s.tap(P(0, 0)) == qike.TapResult.IGNORED()
expect(qike.SessionError.OffBoard, s.tap, P(9, 10))
reply = asyncio.run(s.engine_move())
names = s.move_names()
assert len(names) == 2 and names[0].chinese == "炮二平五", names
assert reply.name == names[1] and reply.outcome is None
assert s.board_view().last_move.to == (reply.played.to if isinstance(reply.played, qike.MoveInput.STEP) else None)
assert s.is_player_turn() and not s.is_thinking()
msg = expect(qike.SessionError.NotEngineTurn, asyncio.run, s.engine_move())
print("not now:", msg)
msg = expect(qike.SessionError.Refused, s.play, step(1, 0, 1, 3))
assert msg.endswith(")") and " (" in msg, msg
assert s.play(step(1, 0, 2, 2)) is None  # 马八进七
saved = s.save_bytes()
assert s.undo() == 1 and len(s.move_names()) == 2
hint = s.hint()
assert hint is not None and isinstance(hint.mv, qike.MoveInput.STEP)
back = qike.Session.resume_bytes(saved)
assert back.move_names() == names + [back.move_names()[2]] and back.is_engine_turn()
expect(qike.SessionError.Malformed, qike.Session.resume_bytes, b"not a saved game")
assert back.offer_draw() == qike.DrawAnswer.DECLINED  # too early in the game
assert isinstance(back.resign(), qike.Outcome.WIN)
expect(qike.SessionError.Refused, back.resign)
reviews = s.review()
assert [r.ply for r in reviews] == [0] and isinstance(reviews[0].verdict, qike.Verdict), reviews


async def stopped_early():
    """The strongest level on a middlegame position out of its book: the caller keeps
    working while it thinks, and stops it."""
    fen = "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1"
    setup = qike.GameSetup.XIANGQI(fen)
    strong = qike.Session(setup, qike.Side.SECOND, levels[-1].number, 3)
    assert strong.is_engine_turn()
    pieces = len(strong.board_view().pieces)
    task = asyncio.ensure_future(strong.engine_move())
    for _ in range(100):
        if strong.is_thinking():
            break
        await asyncio.sleep(0)
    assert strong.is_thinking(), "the engine was not thinking"
    assert len(strong.board_view().pieces) == pieces  # the caller is not blocked
    expect(qike.SessionError.Busy, strong.undo)
    expect(qike.SessionError.Busy, strong.hint)
    assert strong.stop_thinking()
    reply = await task
    assert not strong.is_thinking() and strong.is_player_turn()
    assert [n.standard for n in strong.move_names()] == [reply.name.standard]
    assert not strong.stop_thinking()
    return reply


print("stopped engine played", asyncio.run(stopped_early()).name.chinese)

# Two players on one Go board: passes, the count, agreement.
two = qike.Session(qike.GameSetup.GO(9, qike.GoStart.EVEN()), qike.Side.FIRST, None, 1)
assert two.is_two_player() and two.level() is None
expect(qike.SessionError.NotCounting, two.agree_count)
two.tap(P(2, 2))
two.tap(P(6, 6))
two._pass()
two._pass()
assert two.is_counting() and two.outcome() is None
summary = two.count_summary()
assert summary.board_points == 81 and summary.result.en, summary
outcome = two.agree_count()
assert outcome == two.outcome() and not two.is_counting()
print("go count:", summary.result.zh)
assert summary.headline.zh.startswith(("黑胜", "白胜")) and "子" in summary.arithmetic.zh, summary
picture = two.count_picture()
assert len(picture.points) == 81 and sum(p.area == qike.Side.FIRST for p in picture.points) > 0
assert two.go_captures() == qike.GoCaptures(by_black=0, by_white=0)
assert "3¾" in qike.go_balance_text(qike.GoStart.EVEN()).zh

# A game on time: a minute each, lost on time; the review has no marks, so the verdict
# says the opponent played better.
timed = qike.Session.timed(
    qike.standard_setup(qike.GameKind.XIANGQI()), qike.Side.FIRST, None, 1,
    qike.TimeControl(base_ms=60_000, increment_ms=0),
)
assert timed.tick(0) is None and timed.clock_view(0).running == qike.Side.FIRST
assert timed.tick(60_000) == qike.Outcome.WIN(qike.Side.SECOND, qike.WinReason.TIMEOUT)
assert timed.clock_view(60_000).flagged == qike.Side.FIRST
assert timed.material().balance == 0 and timed.go_captures() is None
assert qike.clock_text(9_449) == "0:09.5" and len(qike.time_control_choices()) >= 3
assert qike.time_control_label(qike.TimeControl(base_ms=600_000, increment_ms=5_000)).zh == "每方 10 分钟，每步加 5 秒"
review = timed.game_review()
assert len(review.series) == 1 and review.marked == [] and "对手" in review.verdict.zh, review

# --- Lessons: the shipped course and a run through the first steps ----------------
course = qike.courses()[0]
assert course.title.zh and course.units and course.units[0].lessons
first = course.units[0].lessons[0]
run = qike.LessonRun(first.id)
view = run.view()
assert (view.index, view.count, view.kind) == (0, first.step_count, qike.StepKind.EXPLAIN), view
assert isinstance(run.submit(qike.LessonInput.CONTINUE()), qike.Feedback.STEP_DONE)
view = run.view()
# Any further explanations, then the lesson's first quiz.
while view.kind == qike.StepKind.EXPLAIN:
    assert isinstance(run.submit(qike.LessonInput.CONTINUE()), qike.Feedback.STEP_DONE)
    view = run.view()
quiz_at = view.index
assert quiz_at >= 1 and view.kind == qike.StepKind.QUIZ and len(view.choices) > 1, view
assert isinstance(run.submit(qike.LessonInput.MOVE(P(0, 0), P(0, 1))), qike.Feedback.NOT_EXPECTED)
answers = []
for i in range(len(view.choices)):
    answers.append(run.submit(qike.LessonInput.CHOICE(i)))
    if not isinstance(answers[-1], qike.Feedback.WRONG):
        break
assert isinstance(answers[-1], qike.Feedback.STEP_DONE) and run.view().index == quiz_at + 1, answers
assert all(a.reason.zh and a.reason.en for a in answers[:-1])
result = run.result()
assert result.lesson_id == first.id and result.mistakes == len(answers) - 1, result
assert not run.is_done()
# Points off the board of a step that shows one are refused.
on_board = next(
    r for r in (qike.LessonRun(l.id) for u in course.units for l in u.lessons) if r.view().board
)
msg = expect(qike.LessonError.OffBoard, on_board.targets, P(200, 200))
assert msg == "point (200, 200) is not on the board", msg
expect(qike.LessonError.OffBoard, on_board.submit, qike.LessonInput.MOVE(P(0, 0), P(9, 10)))
msg = expect(qike.LessonError.NoSuchLesson, qike.LessonRun, "no such lesson")
assert msg == "there is no lesson 'no such lesson'", msg

# --- Progress: a store in a folder, profiles, drafts, lessons, games, levels ------
import os  # noqa: E402
import tempfile  # noqa: E402

folder = tempfile.mkdtemp(prefix="qike-ffi-")
store = qike.ProgressStore.open(folder)
kid = store.create_profile(qike.NewProfile(display_name="小明", avatar="panda", language="zh-CN", role=qike.Role.STUDENT))
assert len(kid.id) == 32 and [p.id for p in store.profiles()] == [kid.id]
assert store.profile(kid.id).display_name == "小明"
msg = expect(qike.StoreError.BadProfileId, store.profile, "not an id")
assert msg == "'not an id' is not a profile id (32 hex digits)", msg
expect(qike.StoreError.NoSuchProfile, store.profile, "0" * 32)
settings = store.settings()
settings.last_profile = kid.id
settings.piece_style = qike.PieceStyle.LETTERS
store.save_settings(settings)
assert store.settings() == settings
store.save_draft(kid.id, "game:xiangqi", s.save_bytes())
resumed = qike.Session.resume_bytes(store.draft(kid.id, "game:xiangqi"))
assert resumed.move_names() == s.move_names()
store.clear_draft(kid.id, "game:xiangqi")
assert store.draft(kid.id, "game:xiangqi") is None
attempt = qike.LessonAttempt(
    lesson_id="xiangqi.basics.1", content_version=1, completed=True, stars=3, mistakes=0,
    hints=1, time_ms=5000, at=1_700_000_000_000,
)
record = store.record_lesson(kid.id, attempt)
assert record.status == qike.LessonStatus.COMPLETED and record.best_stars == 3
assert store.lesson_records(kid.id) == [record]
level_before = store.suggested_level(kid.id, qike.GameKind.XIANGQI())
back_record = back.record()  # the resigned game against level 1
assert back_record.outcome == back.outcome() and back_record.ai_level == 1
rating = store.record_game(kid.id, back_record)
assert rating is not None and rating.games == 1
assert [g.id for g in store.games(kid.id)] == [back_record.id]
assert 1 <= store.suggested_level(kid.id, qike.GameKind.XIANGQI()) <= max(level_before, 1)
assert store.rating(kid.id, qike.GameKind.XIANGQI()) == rating
assert store.ratings(kid.id) == [qike.GameRating(game=qike.rating_key(qike.GameKind.XIANGQI()), rating=rating)]
assert store.rating(kid.id, qike.GameKind.CHESS()).games == 0 and qike.rating_key(qike.GameKind.GO(9)) == "go9"
assert store.lesson_record(kid.id, "xiangqi.basics.1") == record
assert store.lesson_record(kid.id, "no.such.lesson") is None
card = store.game_card(kid.id, qike.GameKind.XIANGQI())
assert card.lessons_total > card.lessons_done and card.next_lesson.number >= 1, card
assert store.streak(kid.id, int(time.time() * 1000), 480).days >= 1

# Puzzles: a miss, then a solve; the record keeps both.
T0 = 1_700_000_000_000
miss = store.record_puzzle(kid.id, qike.PuzzleAttempt(puzzle_id="xiangqi.mate.1", solved=False, hints=1, time_ms=9000, at=T0))
assert (miss.attempts, miss.solves, miss.first_solved, miss.best_time_ms) == (1, 0, None, None), miss
solve = store.record_puzzle(kid.id, qike.PuzzleAttempt(puzzle_id="xiangqi.mate.1", solved=True, hints=0, time_ms=4000, at=T0 + 60_000))
assert (solve.attempts, solve.solves, solve.hints, solve.time_ms) == (2, 1, 1, 13000), solve
assert (solve.first_solved, solve.best_time_ms, solve.last_activity) == (T0 + 60_000, 4000, T0 + 60_000), solve
assert store.puzzle_records(kid.id) == [solve]
blank = qike.PuzzleAttempt(puzzle_id=" ", solved=True, hints=0, time_ms=1, at=T0)
msg = expect(qike.StoreError.Invalid, store.record_puzzle, kid.id, blank)
assert "puzzle id" in msg and "empty" in msg, msg
expect(qike.StoreError.BadProfileId, store.puzzle_records, "12345")
assert store.path() == folder

# A store that cannot be opened is moved aside, and a fresh one opens in its place.
damaged = tempfile.mkdtemp(prefix="qike-ffi-damaged-")
for name in ["db", "conf"]:
    with open(f"{damaged}/{name}", "wb") as f:
        f.write(bytes(range(256)) * 8)
msg = expect(qike.StoreError.Corrupt, qike.ProgressStore.open, damaged)
print("damaged store:", msg)
aside = qike.move_store_aside(damaged)
assert aside.startswith(damaged + ".damaged-") and {"conf", "db"} <= set(os.listdir(aside)), aside
fresh = qike.ProgressStore.open(damaged)
assert fresh.profiles() == []
fresh.close_store()
msg = expect(qike.StoreError.NotAFolder, qike.move_store_aside, damaged + "/no such folder")
assert "is not a folder" in msg, msg

# --- Classes: a join code, a signed report carried as text, the dashboard ---------
teacher = qike.ProgressStore.open(tempfile.mkdtemp(prefix="qike-ffi-teacher-"))
cls = teacher.create_class(qike.NewClass(name="一班", teacher="王老师", description=""))
assert cls.qr_payload.startswith("QIKE:JOIN:") and cls.join_code, cls
assert [c.id for c in teacher.classes(False)] == [cls.id]
print("bad join code:", expect(qike.StoreError.BadCharacter, store.join_class, kid.id, "not a join code", "一班"))
store.join_class(kid.id, cls.qr_payload, "一班")
assert [m.class_name for m in store.memberships(kid.id)] == ["一班"]
text = qike.report_to_text(store.export_report(kid.id, cls.id))
summary = teacher.import_report(qike.report_from_text(text))
assert summary.outcome == qike.ImportOutcome.NEW_STUDENT and summary.student == kid.id, summary
again = teacher.import_report(qike.report_from_text(text))
assert again.outcome == qike.ImportOutcome.ALREADY_IMPORTED
print("not a report:", expect(qike.StoreError.NotAReport, teacher.import_report, b"not a report"))
print("not report text:", expect(qike.StoreError.NotAReport, qike.report_from_text, "not a report"))
assert [r.student for r in teacher.roster(cls.id)] == [kid.id]
matrix = teacher.class_matrix(cls.id)
assert matrix.lessons == ["xiangqi.basics.1"] and matrix.cells[0][0].stars == 3, matrix
assert "小明" in teacher.class_csv(cls.id)
assert qike.report_to_text(qike.report_from_text(store.export_report_qr(kid.id, cls.id)))

# The class's details, the roster by hand, imports with a tally, the pupil page.
info = teacher.update_class(cls.id, "一班 (2)", "三年级", "xiangqi")
assert (info.name, info.grade, info.game, info.join_code) == ("一班 (2)", "三年级", "xiangqi", cls.join_code)
assert teacher.class_info(cls.id) == info
msg = expect(qike.StoreError.NoSuchClass, teacher.class_info, cls.id + 1)
print("no class:", msg)
expect(qike.StoreError.Invalid, teacher.update_class, cls.id, "", "", "")
tally = teacher.import_text(None, text)
assert (tally.new_students, tally.updated, tally.already_had, tally.rejected) == (0, 0, 1, 0), tally
assert tally.reports[0].source == "pasted text" and tally.reports[0].summary.student == kid.id
tally = teacher.import_text(cls.id + 1, text)
assert tally.rejected == 1 and tally.reports[0].summary is None and tally.reports[0].rejection, tally
assert tally.reports[0].rejection_kind == qike.StoreErrorKind.UNKNOWN_CLASS, tally
print("wrong class:", tally.reports[0].rejection)
tally = teacher.import_text(None, "QIKE:REPORT:not base32 at all!")
assert tally.rejected == 1 and tally.reports[0].rejection, tally
assert tally.reports[0].rejection_kind == qike.StoreErrorKind.MALFORMED, tally
print("pasted junk:", tally.reports[0].rejection)
inbox = tempfile.mkdtemp(prefix="qike-ffi-inbox-")
saved_report = store.save_report(kid.id, cls.id, inbox)
assert os.path.dirname(saved_report.path) == inbox and saved_report.text.startswith("QIKE:REPORT:")
with open(f"{inbox}/junk.qikereport", "w") as f:
    f.write("this is not a report")
tally = teacher.import_path(None, inbox)
assert sorted(r.source for r in tally.reports) == sorted(["junk.qikereport", os.path.basename(saved_report.path)])
assert (tally.updated + tally.already_had, tally.rejected) == (1, 1), tally
assert [r.rejection for r in tally.reports if r.source == "junk.qikereport"][0], tally
print("missing folder:", expect(qike.StoreError.Invalid, teacher.import_path, None, inbox + "/missing"))
assert teacher.class_summary(cls.id, 7).behind == []
# The dashboard's own rule: the pupil was active today and finished what they tried.
assert teacher.needs_help(cls.id) == [], teacher.needs_help(cls.id)
# The dashboard's rows, as the app draws them: one pupil, one lesson done with 3 stars.
rows = teacher.dashboard_rows(cls.id, ["xiangqi.basics.1", "xiangqi.basics.2"], qike.RowOrder.PROGRESS)
assert [r.student.student for r in rows] == [kid.id], rows
assert (rows[0].done, rows[0].cells[0].stars, rows[0].cells[1]) == (1, 3, None), rows
assert rows[0].last_active is not None and rows[0].homework_total == 0, rows
summary = teacher.class_summary(cls.id, 0)
assert (summary.students, summary.avg_lessons_completed, summary.avg_stars) == (1, 1.0, 3.0), summary
assert [b.student.student for b in summary.behind] == [kid.id], summary
assert isinstance(summary.behind[0].reasons[0], qike.BehindReason.INACTIVE), summary
timeline = teacher.student_timeline(cls.id, kid.id)
kinds = sorted(type(a.kind).__name__ for a in timeline)
assert kinds == ["ActivityKind.GAME", "ActivityKind.LESSON_COMPLETED", "ActivityKind.PUZZLE_SOLVED"], kinds
done = [a.kind for a in timeline if a.kind.is_LESSON_COMPLETED()]
assert (done[0].lesson_id, done[0].stars) == ("xiangqi.basics.1", 3), done
assert [a.at for a in timeline] == sorted((a.at for a in timeline), reverse=True)
games = teacher.games_by_level(cls.id, kid.id)
assert [(g.game, g.level, g.won, g.drawn, g.lost) for g in games] == [("xiangqi", 1, 0, 0, 1)], games
assert teacher.student_ratings(cls.id, kid.id) == store.ratings(kid.id)
assert [l.lesson_id for l in teacher.student_lessons(cls.id, kid.id)] == ["xiangqi.basics.1"]
assert [p.puzzle_id for p in teacher.student_puzzles(cls.id, kid.id)] == ["xiangqi.mate.1"]
assert [g.id for g in teacher.student_games(cls.id, kid.id)] == [back_record.id]
assert teacher.roster_entry(cls.id, kid.id).student == kid.id
expect(qike.StoreError.NoSuchStudent, teacher.roster_entry, cls.id, "0" * 32)
assert teacher.schema_version() >= 1 and teacher.schema_version() == store.schema_version()
expect(qike.StoreError.BadProfileId, teacher.student_timeline, cls.id, "kid")
other = "0123456789abcdef0123456789abcdef"
assert teacher.add_student(cls.id, other, "小红").display_name == "小红"
teacher.set_student_details(cls.id, other, "李红", "sits at the front")
entry = [r for r in teacher.roster(cls.id) if r.student == other][0]
assert (entry.real_name, entry.notes) == ("李红", "sits at the front"), entry
teacher.remove_student(cls.id, other)
assert [r.student for r in teacher.roster(cls.id)] == [kid.id]
expect(qike.StoreError.NoSuchStudent, teacher.set_student_details, cls.id, other, "李红", "")
store.leave_class(kid.id, cls.id)
assert store.memberships(kid.id) == []

# --- Homework through a class file; the pupil's key pinned by the teacher ---------
hw = teacher.create_class(qike.NewClass(name="二班", teacher="王老师", description=""))
store.join_class(kid.id, hw.join_code, "二班")
due = T0 * 2  # far ahead
task = teacher.add_assignment(hw.id, "第一课", [qike.AssignmentItem.LESSON(first.id)], due)
assert teacher.assignments(hw.id) == [task] and teacher.assignment(hw.id, task.id) == task
expect(qike.StoreError.Invalid, teacher.add_assignment, hw.id, "空", [], due)
expect(qike.StoreError.NoSuchAssignment, teacher.assignment, hw.id, task.id + 1)
class_text = teacher.export_class_file(hw.id)
assert class_text.startswith("QIKE:CLASS:") and qike.class_file_class(class_text) == hw.id
got = store.import_class_file(kid.id, class_text)
assert (got.file._class, got.file.name, got.file.assignments) == (hw.id, "二班", [task]), got
assert got.trust == qike.ClassFileTrust.TEACHER_SIGNED, got
assert hw.teacher_key_fingerprint and len(hw.join_code) == 44, hw
mem = [m for m in store.memberships(kid.id) if m.class_id == hw.id][0]
assert mem.teacher_key_fingerprint == hw.teacher_key_fingerprint, mem
msg = expect(qike.StoreError.NotAMember, store.import_class_file, kid.id, teacher.export_class_file(cls.id))
print("class file of another class:", msg)
tampered = class_text[:-4] + ("AAAA" if not class_text.endswith("AAAA") else "BBBB")
print("changed class file:", expect(qike.StoreError.Tampered, store.import_class_file, kid.id, tampered))
mine = store.pupil_assignments(kid.id)
assert [(m.class_id, m.assignment.id, m.done, m.state, m.trust) for m in mine] == [(hw.id, task.id, 0, qike.AssignmentState.OPEN, qike.ClassFileTrust.TEACHER_SIGNED)], mine
store.record_lesson(kid.id, qike.LessonAttempt(
    lesson_id=first.id, content_version=1, completed=True, stars=2, mistakes=1, hints=0, time_ms=3000, at=T0 + 1,
))
mine = store.pupil_assignments(kid.id)
assert [(m.done, m.state) for m in mine] == [(1, qike.AssignmentState.DONE)], mine
assert teacher.pinned_pupil_key(hw.id, kid.id) is None
tally = teacher.import_text(hw.id, store.save_report(kid.id, hw.id, inbox).text)
assert tally.new_students == 1, tally
assert teacher.pinned_pupil_key(hw.id, kid.id) == store.pupil_key_fingerprint(kid.id)
assert len(store.pupil_key_fingerprint(kid.id)) == 16
assert teacher.class_matrix(hw.id).verified == [True]
assert teacher.student_last_report(hw.id, kid.id) is not None
rows = teacher.assignment_status(hw.id, task.id)
assert [(r.student.student, r.done, r.total, r.state) for r in rows] == [(kid.id, 1, 1, qike.AssignmentState.DONE)], rows
assert "小明" in teacher.assignment_csv(hw.id, task.id)
teacher.remove_assignment(hw.id, task.id)
assert teacher.assignments(hw.id) == []
elsewhere = qike.ProgressStore.open(tempfile.mkdtemp(prefix="qike-ffi-other-"))
msg = expect(qike.StoreError.UnknownClass, elsewhere.import_report, store.export_report(kid.id, hw.id))
print("report of a class not taught here:", msg)
elsewhere.close_store()
teacher.close_store()

store.close_store()
msg = expect(qike.StoreError.Closed, store.profiles)
assert msg == "the progress store is closed", msg
again = qike.ProgressStore.open(folder)
assert [p.display_name for p in again.profiles()] == ["小明"]
msg = expect(qike.StoreError.InUse, qike.ProgressStore.open, folder)
print("locked:", msg)

# --- A whole lesson by its "show me" answers, saved half-way and resumed ----------
run = qike.LessonRun(first.id)
lesson_done, saved_at, turns = None, None, 0
while not run.is_done():
    turns += 1
    assert turns < 500, "the lesson did not end"
    view = run.view()
    if saved_at is None and view.index == first.step_count // 2:
        again.save_draft(kid.id, "lesson", run.save_bytes())
        run = qike.LessonRun.resume_bytes(again.draft(kid.id, "lesson"))
        assert run.view() == view and run.lesson_id() == first.id
        saved_at = view.index
    inputs = run.show_me()
    assert inputs, view
    for given in inputs:
        answer = run.submit(given)
        bad = (qike.Feedback.WRONG, qike.Feedback.NOT_EXPECTED, qike.Feedback.UNAVAILABLE)
        assert not isinstance(answer, bad), (view.step_id, given, answer)
        if isinstance(answer, qike.Feedback.LESSON_DONE):
            lesson_done = answer.result
assert saved_at is not None and lesson_done == run.result(), lesson_done
assert (lesson_done.lesson_id, lesson_done.stars, lesson_done.mistakes) == (first.id, 3, 0), lesson_done
assert run.view() is None and run.show_me() == []
expect(qike.LessonError.NotASavedRun, qike.LessonRun.resume_bytes, b"{}")
other_run = qike.LessonRun(course.units[0].lessons[1].id).save_bytes()
broken = other_run.replace(b'"step":0', b'"step":999')
assert broken != other_run
expect(qike.LessonError.NoSuchStep, qike.LessonRun.resume_bytes, broken)
assert first.plan.objectives and first.plan.content.zh and first.plan.minutes > 0, first.plan
attempt = qike.LessonAttempt(
    lesson_id=first.id, content_version=1, completed=True, stars=lesson_done.stars,
    mistakes=lesson_done.mistakes, hints=lesson_done.hints, time_ms=lesson_done.elapsed_ms, at=T0 + 2,
)
again.record_lesson(kid.id, attempt)
again.close_store()
reopened = qike.ProgressStore.open(folder)
kept = reopened.lesson_record(kid.id, first.id)
assert (kept.status, kept.best_stars) == (qike.LessonStatus.COMPLETED, 3), kept
reopened.close_store()

# --- A class tournament: results by table, standings, undo, a knockout's winner ----
names = ["小明", "小红", "小刚", "小丽"]
entrants = [qike.Entrant(name=n, rating=0) for n in names]
event = qike.Tournament("班级赛", qike.ScoringRule.CLASSIC, qike.TournamentSystem.ROUND_ROBIN(), entrants)
assert event.players() == names and event.rounds() == 0
while not event.is_finished():
    r = event.pair_next()
    for t, p in enumerate(event.tables(r)):
        if p.second is not None:  # the lower start number wins
            win = qike.GameResult.FIRST_WINS if p.first < p.second else qike.GameResult.SECOND_WINS
            event.set_result(r, t, win)
            assert event.result(r, t) == win
assert event.rounds() == 3 and event.champion() is None
table = event.standings()
assert [(s.rank, s.name, s.score) for s in table] == [(1, "小明", 3.0), (2, "小红", 2.0), (3, "小刚", 1.0), (4, "小丽", 0.0)], table
assert event.tiebreaks()[0] == qike.Tiebreak.DIRECT_ENCOUNTER and all(len(s.tiebreaks) == len(event.tiebreaks()) for s in table)
assert event.csv().count("\n") >= 5 and "小明" in event.trf()
print("tournament over:", expect(qike.TournamentError.EventOver, event.pair_next))
expect(qike.TournamentError.NoSuchTable, event.set_result, 1, 9, qike.GameResult.DRAW)
assert event.undo() and event.result(3, 1) is None and not event.is_finished()
msg = expect(qike.TournamentError.TooFewPlayers, qike.Tournament, "一人赛", qike.ScoringRule.CLASSIC, qike.TournamentSystem.KNOCKOUT(), entrants[:1])
assert msg == "1 players are too few (at least 2 are needed)", msg
cup = qike.Tournament("杯赛", qike.ScoringRule.THREE_ONE_ZERO, qike.TournamentSystem.KNOCKOUT(), entrants)
while not cup.is_finished():
    r = cup.pair_next()
    games = [t for t, p in enumerate(cup.tables(r)) if p.second is not None]
    for t in games:
        cup.set_result(r, t, qike.GameResult.DRAW)
    if not cup.is_finished():  # a drawn knockout game decides nothing
        expect(qike.TournamentError.Undecided, cup.pair_next)
    for t in games:
        cup.set_result(r, t, qike.GameResult.SECOND_WINS)
assert cup.champion() is not None and cup.standings()[0].player == cup.champion(), cup.standings()

# --- 四国军棋: a game at one device against three computers, setups in the store ----
J = qike.JunqiError
board = qike.junqi_board()
assert len(board) == 129 and board[0].station == qike.Place.ARMY(qike.Seat.SOUTH, 1, 1), board[0]
assert board[0].name.startswith("南一线") and board[0].code == "S1.1", board[0]
assert sum(s.kind == qike.StationKind.CAMP for s in board) == 20 and qike.junqi_railway_lines()
jq = qike.JunqiGame.against_computers(qike.Seat.SOUTH, 2, qike.Visibility.HIDDEN, 12)
jq.set_pause_ms(0)
assert jq.seats() == [qike.SeatPlayer.PERSON()] + [qike.SeatPlayer.COMPUTER(2)] * 3, jq.seats()
assert jq.turn() == qike.Seat.SOUTH and jq.is_person_turn() and jq.outcome() is None
view = jq.view()
assert view.viewer == qike.Seat.SOUTH and len(view.stations) == 129 and view.out == []
pieces = [s.piece for s in view.stations if s.piece is not None]
assert len(pieces) == 100, len(pieces)
# 暗棋: the child sees its own ranks and the others' backs.
assert all((p.rank is not None) == (p.seat == qike.Seat.SOUTH) for p in pieces), pieces
msg = expect(J.OffBoard, jq.targets, qike.Place.ARMY(qike.Seat.SOUTH, 7, 1))
assert msg == "south's line 7, column 1 is not a station (lines 1–6, columns 1–5)", msg
expect(J.OffBoard, jq.play, qike.Place.CENTRE(0, 0), qike.Place.CENTRE(3, 0))
flag = next(s.station for s in view.stations if s.piece and s.piece.rank == qike.Rank.FLAG and s.piece.seat == qike.Seat.SOUTH)
assert jq.targets(flag) == []
print("junqi refused:", expect(J.Immobile, jq.play, flag, qike.Place.ARMY(qike.Seat.SOUTH, 5, 3)))
expect(J.NotYourPiece, jq.play, qike.Place.ARMY(qike.Seat.NORTH, 1, 1), qike.Place.CENTRE(1, 1))
msg = expect(J.NoSuchLevel, qike.JunqiGame.against_computers, qike.Seat.SOUTH, 6, qike.Visibility.OPEN, 1)
assert "level 6" in msg and "6级" in msg, msg
expect(J.BadTable, qike.JunqiGame, qike.JunqiTableConfig(seats=[qike.SeatPlayer.PERSON()], child_seat=qike.Seat.SOUTH, visibility=qike.Visibility.OPEN, setups=[], seed=1))
expect(J.Malformed, qike.JunqiGame.resume_bytes, b"not a saved game")


def first_move(game):
    """The first piece of the seat to move with somewhere to go, and its first target."""
    for s in game.view().stations:
        if s.piece is not None and s.piece.seat == game.turn():
            targets = game.targets(s.station)
            if targets:
                return s.station, targets[0]
    raise SystemExit(f"no move for {game.turn()}")


clock, resumed, out_of_turn, started = 0, False, None, time.monotonic()
while not jq.is_over() and jq.moves_played() < 600:
    assert time.monotonic() - started < 120, "the computers did not move"
    if jq.is_person_turn():
        if not resumed and jq.moves_played() >= 40:
            back = qike.JunqiGame.resume_bytes(jq.save_bytes())
            assert back.view() == jq.view() and back.announcements() == jq.announcements()
            assert back.log_lines() == jq.log_lines() and back.setups() == jq.setups()
            jq, resumed = back, True
            jq.set_pause_ms(0)
        said = jq.play(*first_move(jq))
        assert said and isinstance(said[0], (qike.Announcement.MOVED, qike.Announcement.BATTLE)), said
        if out_of_turn is None and jq.is_computer_turn():
            out_of_turn = expect(J.ComputerSeat, jq.play, flag, qike.Place.ARMY(qike.Seat.SOUTH, 5, 3))
            expect(J.ComputerSeat, jq.resign, jq.turn())
    else:
        clock += 7
        jq.poll(clock)
        if jq.is_thinking():
            time.sleep(0.0005)
assert resumed and out_of_turn, (resumed, out_of_turn)
print("junqi out of turn:", out_of_turn)
outcome, result = jq.outcome(), jq.result_for_child()
assert (outcome is None) == (result is None) == (not jq.is_over()), (outcome, result)
assert jq.announcement_line() and len(jq.log_lines()) == len(jq.announcements())
print("junqi:", jq.moves_played(), "moves,", outcome, result)
# This table's seed ends the game within a few hundred moves.
assert outcome is not None and jq.announcements()[-1] == qike.Announcement.FINISHED(outcome), outcome
expect(J.GameOver, jq.play, flag, flag)

jfolder = tempfile.mkdtemp(prefix="qike-ffi-junqi-")
jstore = qike.ProgressStore.open(jfolder)
jkid = jstore.create_profile(qike.NewProfile(display_name="小红", avatar="cat", language="zh-CN", role=qike.Role.STUDENT))
record = jq.record()
assert record.seats == [None, 2, 2, 2] and record.result == result and record.child_seat == qike.Seat.SOUTH and record.moves == jq.moves_played()
jstore.record_junqi_game(jkid.id, record)
expect(qike.StoreError.Invalid, jstore.record_junqi_game, jkid.id, record)  # the same id again
assert jstore.junqi_games(jkid.id) == [record]
card = jstore.junqi_card(jkid.id)
assert card.played == 1 and card.last_played == record.ended, card

# A setup built on the 布阵 board: refusals with their reasons, then every piece placed.
editor = qike.JunqiSetupEditor(qike.Seat.SOUTH)
assert sum(t.count for t in editor.tray()) == 25 and not editor.is_complete()
msg = expect(J.WrongCount, editor.validate)
print("junqi setup refused:", msg)
expect(J.FlagOutsideHeadquarters, editor.place, qike.Rank.FLAG, 1, 1)
expect(J.OffBoard, editor.take, 7, 1)
expect(J.Empty, editor.take, 1, 1)
assert editor.select_tray(qike.Rank.MINE)
tap = editor.tap(2, 2)  # a camp
assert isinstance(tap, qike.JunqiEditTap.REFUSED) and "行营" in tap.reason.zh, tap
assert editor.selected() == qike.EditSelection.TRAY(qike.Rank.MINE)
assert editor.tap(6, 1) == qike.JunqiEditTap.PLACED(qike.Rank.MINE)
assert editor.take(6, 1) == qike.Rank.MINE
model = qike.JunqiSetupEditor.random(qike.Seat.SOUTH, 5)
for cell in model.cells():
    if cell.rank is not None:
        editor.place(cell.rank, cell.line, cell.column)
editor.validate()
assert editor.is_complete() and editor.tray() == [] and editor.setup() == model.setup()
mine = editor.setup()
jstore.save_junqi_setup(jkid.id, "我的布阵", mine)
msg = expect(qike.StoreError.Invalid, jstore.save_junqi_setup, jkid.id, "半个", "排旅师排连/军.师.连")
assert "cannot be read" in msg, msg
jstore.close_store()
jstore = qike.ProgressStore.open(jfolder)
assert jstore.junqi_setups(jkid.id) == [qike.SavedJunqiSetup(name="我的布阵", setup=mine)]
assert jstore.last_junqi_setup(jkid.id).setup == mine and jstore.junqi_games(jkid.id) == [record]
table = qike.JunqiTableConfig(
    seats=[qike.SeatPlayer.PERSON(), qike.SeatPlayer.COMPUTER(2), qike.SeatPlayer.PERSON(), qike.SeatPlayer.COMPUTER(2)],
    child_seat=qike.Seat.SOUTH, visibility=qike.Visibility.OPEN, setups=[mine, None, None, None], seed=3,
)
with_mine = qike.JunqiGame(table)
assert with_mine.setups()[0] == mine and qike.JunqiSetupEditor.from_setup(qike.Seat.NORTH, mine).is_complete()
assert all(s.piece.rank is not None for s in with_mine.view().stations if s.piece)  # 明棋
assert jstore.delete_junqi_setup(jkid.id, "我的布阵") and jstore.last_junqi_setup(jkid.id) is None
jstore.close_store()
# Two people at one device in 暗棋: the screen shows no ranks until the device is with
# the person to move.
hot = qike.JunqiGame(qike.JunqiTableConfig(
    seats=[qike.SeatPlayer.PERSON(), qike.SeatPlayer.COMPUTER(1), qike.SeatPlayer.PERSON(), qike.SeatPlayer.COMPUTER(1)],
    child_seat=qike.Seat.SOUTH, visibility=qike.Visibility.HIDDEN, setups=[], seed=4,
))
assert hot.needs_handover() == qike.Seat.SOUTH and hot.shown_seat() is None
assert hot.view().viewer is None and all(s.piece.rank is None for s in hot.view().stations if s.piece)
assert hot.targets(flag) == []
print("junqi hand-over:", expect(J.HandoverPending, hot.play, flag, flag))
assert hot.confirm_handover() == qike.Seat.SOUTH and hot.view().viewer == qike.Seat.SOUTH
assert hot.needs_handover() is None and hot.is_person_turn()

# --- Every exported function and method with random, mostly bad, arguments --------
# Arguments are made from the generated type hints, so a new export is covered without
# changing this script; each call must return or raise one of the error families with a
# message (a panic in Rust would surface as InternalError, a wrong type as TypeError:
# both fail).
import enum  # noqa: E402
import inspect  # noqa: E402
import typing  # noqa: E402

# The error families: every exception class of the module but uniffi's own.
FAMILIES = tuple(
    v for k, v in vars(qike).items()
    if isinstance(v, type) and issubclass(v, Exception) and v.__module__ == qike.__name__
    and k.endswith("Error") and k not in ("InternalError", "UniffiInternalError")
)
assert {f.__name__ for f in FAMILIES} == {
    "MoveError", "SetupError", "XiangqiFenError", "PgnError", "GoSgfError", "GomokuSgfError",
    "SessionError", "StoreError", "LessonError", "TournamentError", "JunqiError", "ArgumentError",
}, FAMILIES
rng = random.Random(17)
scratch = tempfile.mkdtemp(prefix="qike-ffi-sweep-")
with open(f"{scratch}/file", "w") as f:
    f.write("not a folder")
fuzz_store = qike.ProgressStore.open(f"{scratch}/store")
fuzz_kid = fuzz_store.create_profile(qike.NewProfile(display_name="小明", avatar="panda", language="zh", role=qike.Role.STUDENT))
fuzz_class = fuzz_store.create_class(qike.NewClass(name="一班", teacher="王老师", description=""))
STRINGS = [
    "", " ", "not an id", "0" * 32, "f" * 33, fuzz_kid.id, "12345", "小明", "\u0000", "x" * 5000,
    fuzz_class.join_code, fuzz_class.qr_payload, "QIKE:JOIN:", "QIKE:REPORT:AAAA", text, first.id,
    "rnbakabnr/9/9 w", "(;GM[1]SZ[9];B[zz])", "1. e4 e5 2. Qh5", "e2e4", "h8", "../..",
]


def fake_str(name):
    if name in ("path", "dir"):
        return rng.choice([f"{scratch}/missing/{rng.randrange(1000)}", f"{scratch}/file", f"{scratch}/new"])
    if rng.random() < 0.8:
        return rng.choice(STRINGS)
    return "".join(chr(rng.randrange(32, 0x9FFF)) for _ in range(rng.randrange(12)))


TUPLE_VARIANTS = {"GoStart.HANDICAP": int, "AssignmentItem.LESSON": str, "AssignmentItem.PUZZLE": str}


def fake(hint, name):
    """A random value of the generated type `hint` for the parameter `name`."""
    origin = typing.get_origin(hint)
    if origin is typing.Union:  # Optional[X]
        inner = [a for a in typing.get_args(hint) if a is not type(None)][0]
        return None if rng.random() < 0.3 else fake(inner, name)
    if origin is list:
        return [fake(typing.get_args(hint)[0], name) for _ in range(rng.randrange(4))]
    if hint is str:
        return fake_str(name)
    if hint is bool:
        return rng.random() < 0.5
    if hint is int:
        return rng.choice([0, 1, 2, 9, 10, 11, 19, 200, 255, rng.randrange(256)])
    if hint is float:
        return rng.choice([0.0, -1.0, 7.5, 1e9, float("nan")])
    if hint is bytes:
        return rng.choice([b"", text.encode(), bytes(rng.randrange(256) for _ in range(rng.randrange(64)))])
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return rng.choice(list(hint))
    if hint is qike.Game:  # an object argument: a live game of some kind
        kind = rng.choice([qike.GameKind.CHESS(), qike.GameKind.XIANGQI(), qike.GameKind.GO(9), qike.GameKind.GOMOKU(qike.GomokuRule.RENJU)])
        return qike.Game(kind)
    if isinstance(hint, type) and hint.__module__ == qike.__name__:
        # A tagged enum (its variants are nested classes) or a record.
        variants = [v for k, v in vars(hint).items() if isinstance(v, type) and k.isupper()]
        make = rng.choice(variants) if variants else hint
        if any(p.kind == p.VAR_POSITIONAL for p in inspect.signature(make.__init__).parameters.values()):
            # A tuple variant carries no hints: a number of stones, or a lesson's or a
            # puzzle's id.
            held = TUPLE_VARIANTS.get(make.__qualname__)
            assert held is not None, f"new tuple variant {make.__qualname__}"
            return make(fake(held, name))
        hints = typing.get_type_hints(make.__init__, vars(qike))
        args = {k: fake(h, k) for k, h in hints.items() if k != "return"}
        return make(*args.values()) if variants else make(**args)
    raise SystemExit(f"no random value for {hint!r} ({name})")


def sweep(call, signature_of, times=40):
    """Calls `call` `times` times with random arguments for `signature_of`'s parameters;
    returns how many calls raised a typed error."""
    hints = typing.get_type_hints(signature_of, vars(qike))
    params = [p for p in inspect.signature(signature_of).parameters if p not in ("self", "cls")]
    errors = 0
    for _ in range(times):
        args = [fake(hints[p], p) for p in params]
        try:
            call(*args)
        except FAMILIES as e:
            assert str(e).strip(), f"{signature_of.__qualname__}: {type(e).__name__} without a message"
            errors += 1
        except Exception as e:  # noqa: BLE001 - anything else fails the check
            raise SystemExit(f"{signature_of.__qualname__}{tuple(args)} raised {type(e).__name__}: {e}")
    return errors


def takes_arguments(fn):
    return any(p not in ("self", "cls") for p in inspect.signature(fn).parameters)


def methods(cls):
    """Public methods with parameters (a call without any has no argument to get wrong;
    the async engine move is checked above)."""
    return [
        f for k, f in vars(cls).items()
        if not k.startswith("_") and inspect.isfunction(f) and takes_arguments(f) and not inspect.iscoroutinefunction(f)
    ]


objects = {
    qike.Game: [qike.Game(kind) for kind in [qike.GameKind.CHESS(), qike.GameKind.XIANGQI(), qike.GameKind.GO(9)]],
    qike.Session: [
        qike.Session(qike.standard_setup(qike.GameKind.CHESS()), qike.Side.FIRST, None, 1),
        qike.Session(qike.GameSetup.GOMOKU(qike.GomokuRule.RENJU, None), qike.Side.SECOND, 1, 1),
    ],
    qike.LessonRun: [qike.LessonRun(first.id)],
    qike.ProgressStore: [fuzz_store],
    qike.Tournament: [qike.Tournament("赛", qike.ScoringRule.CLASSIC, qike.TournamentSystem.SWISS(3), entrants)],
    qike.JunqiGame: [
        qike.JunqiGame.against_computers(qike.Seat.SOUTH, 1, qike.Visibility.HIDDEN, 5),
        qike.JunqiGame.resume_bytes(jq.save_bytes()),
    ],
    qike.JunqiSetupEditor: [qike.JunqiSetupEditor(qike.Seat.EAST), qike.JunqiSetupEditor.random(qike.Seat.WEST, 2)],
}
called, refused = 0, 0
for name, fn in vars(qike).items():
    if inspect.isfunction(fn) and fn.__module__ == qike.__name__ and not name.startswith("_") and name not in qike._QIKE_LAYER:
        if takes_arguments(fn) and name != "uniffi_set_event_loop":
            refused += sweep(fn, fn)
            called += 1
for cls, live in objects.items():
    constructors = [(cls, cls.__init__)] + [
        (getattr(cls, k), f.__func__) for k, f in vars(cls).items() if isinstance(f, classmethod) and not k.startswith("_")
    ]
    for make, fn in constructors:
        named = all(p.kind == p.POSITIONAL_OR_KEYWORD for p in inspect.signature(fn).parameters.values())
        if named and takes_arguments(fn):  # not a `*args` __init__ of an object without one
            refused += sweep(make, fn, 20)
            called += 1
    for obj in live:
        for f in methods(cls):
            refused += sweep(lambda *a, f=f, obj=obj: f(obj, *a), f)
            called += 1
fuzz_store.close_store()
closed_said = 0
for f in methods(qike.ProgressStore):
    # A closed store refuses everything (a bad argument may be named first); an import
    # lists each report as refused.
    hints = typing.get_type_hints(f, vars(qike))
    for _ in range(5):
        args = [fake(hints[p], p) for p in inspect.signature(f).parameters if p != "self"]
        try:
            answer = f(fuzz_store, *args)
        except qike.StoreError as e:
            closed_said += isinstance(e, qike.StoreError.Closed) and str(e) == "the progress store is closed"
            continue
        assert isinstance(answer, qike.ImportTally), f"closed store answered {f.__name__}: {answer}"
        assert answer.rejected == len(answer.reports), answer  # a folder may hold none
        assert all(r.rejection for r in answer.reports), answer
assert closed_said > len(methods(qike.ProgressStore)), closed_said
print(f"random arguments: {called} functions and methods, {refused} typed errors")
print("python ffi ok")
