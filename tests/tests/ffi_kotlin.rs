//! The uniffi API called from Kotlin on the JVM through bindings generated from the
//! built library. Needs a Kotlin 2.x compiler (found, or installed from npm's
//! `kotlin-compiler` package into the target folder), a JDK, and JNA (Debian's
//! `libjna-java`). `.ci/run` installs what is missing.

use std::path::{Path, PathBuf};
use std::process::Command;

use qike_tests::{generate_bindings, have, profile_dir, run_ok, scratch_dir, skip};
use uniffi_bindgen::bindings::TargetLanguage;

const KOTLIN_VERSION: &str = "2.4.20";

const MAIN: &str = r#"
import kotlinx.coroutines.cancelAndJoin
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeoutOrNull
import org.qike.core.*

fun check(ok: Boolean, what: String) { if (!ok) throw IllegalStateException("check failed: " + what) }

fun step(ff: Int, fr: Int, tf: Int, tr: Int) =
    MoveInput.Step(Point(ff.toUByte(), fr.toUByte()), Point(tf.toUByte(), tr.toUByte()), null)

/** Runs `block`, which must throw an `E`; returns its message. */
inline fun <reified E : Throwable> expect(what: String, block: () -> Unit): String {
    try {
        block()
    } catch (e: Throwable) {
        if (e is E) return e.message ?: throw IllegalStateException(what + ": no message")
        throw IllegalStateException(what + ": threw " + e)
    }
    throw IllegalStateException(what + ": did not throw " + E::class.simpleName)
}

fun main(args: Array<String>) {
    check(coreVersion() == args[0], "version " + coreVersion())
    val viewer = Game(GameKind.Xiangqi)
    val view = viewer.boardView()
    check(view.kind == GameKind.Xiangqi, "kind")
    check(view.pieces.size == 32, "32 pieces, got " + view.pieces.size)
    val red = view.pieces.single { it.side == Side.FIRST && it.kind == PieceKind.GENERAL }
    check(red.at.file.toInt() == 4 && red.at.rank.toInt() == 0 && red.glyph == "帅", "red general at e0")
    try {
        viewer.legalTargets(Point(20u, 0u))
        throw IllegalStateException("off-board point accepted")
    } catch (e: MoveException.OffBoard) {
        check(e.message == "point (20, 0) is not on the board", "message " + e.message)
    }

    // Chess through the generic face: fool's mate.
    val chess = Game(GameKind.Chess)
    for (text in listOf("f2f3", "e7e5", "g2g4")) check(chess.play(chess.parseMove(text)) == null, text)
    val outcome = chess.play(step(3, 7, 7, 3))
    check(outcome == Outcome.Win(Side.SECOND, WinReason.CHECKMATE), "mate: " + outcome)
    check(chess.moveNames().map { it.standard } == listOf("f3", "e5", "g4", "Qh4#"), "SAN")
    check(Game.fromPgn(chess.pgn()).history() == chess.history(), "PGN round trip")
    try {
        chess.play(step(4, 1, 4, 3))
        throw IllegalStateException("a move after mate was accepted")
    } catch (e: MoveException.GameOver) {
        println("refused: " + e.message)
    }
    try {
        Game.fromSetup(GameSetup.Xiangqi("not a fen"))
        throw IllegalStateException("bad FEN accepted")
    } catch (e: SetupException.XiangqiFen) {
        println("typed error: " + e.message)
    }

    // Xiangqi through the generic face: a mate with two chariots.
    val mate = Game.fromSetup(GameSetup.Xiangqi("3k5/R7R/9/9/9/9/9/9/9/4K4 w - - 0 1"))
    val won = mate.play(step(0, 8, 0, 9))
    check(won is Outcome.Win && won.winner == Side.FIRST, "xiangqi mate: " + won)

    // A session against level 1: the engine replies in a coroutine.
    val levels = levels(GameKind.Xiangqi)
    check(levels.first().number.toInt() == 1 && levels.first().name.zh.isNotEmpty(), "levels")
    val session = Session(standardSetup(GameKind.Xiangqi), Side.FIRST, 1u, 7uL)
    check(session.tap(Point(7u, 2u)) == TapResult.Selection, "pick up the cannon")
    check(session.tap(Point(4u, 2u)) == TapResult.Moved(null), "炮二平五")
    val reply = runBlocking { session.engineMove() }
    check(session.moveNames().size == 2 && reply.name == session.moveNames()[1], "engine reply")
    check(session.isPlayerTurn() && !session.isThinking(), "child's turn again")
    try {
        runBlocking { session.engineMove() }
        throw IllegalStateException("engine moved out of turn")
    } catch (e: SessionException.NotEngineTurn) {
        println("not now: " + e.message)
    }
    val back = Session.resumeBytes(session.saveBytes())
    check(back.moveNames() == session.moveNames(), "resumed")
    println("engine replied " + reply.name?.chinese)

    // Records print their fields, compare with anything and hash by value.
    val p = Point(1u, 2u)
    check(p.toString() == "Point(file=1, rank=2)", "toString " + p)
    check(!p.equals(null) && !p.equals("Point(file=1, rank=2)"), "equals another type")
    check(p == Point(1u, 2u) && p != Point(2u, 1u), "equals")
    check(mapOf(p to "x")[Point(1u, 2u)] == "x", "a point as a key")
    check(setOf(GameKind.Go(9u), GameKind.Go(9u), GameKind.Chess).size == 2, "kinds in a set")
    check(GameKind.Go(9u).toString() == "Go(size=9)", "kind toString " + GameKind.Go(9u))
    check(mapOf(Side.FIRST to "red")[Side.FIRST] == "red", "a side as a key")
    val shown = reply.toString()
    check(shown.startsWith("EngineReply(played=") && shown.contains("Point(file="), "reply toString " + shown)

    // Cancelling the coroutine that awaits the engine stops the search.
    val middlegame = "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1"
    val strong = Session(GameSetup.Xiangqi(middlegame), Side.SECOND, 10u, 3uL)
    runBlocking {
        val started = System.nanoTime()
        val none = withTimeoutOrNull(50L) { strong.engineMove() }
        check(none == null, "level 10 answered within 50 ms: nothing to cancel")
        while (strong.isThinking() && System.nanoTime() - started < 150_000_000L) delay(2L)
        check(!strong.isThinking(), "still thinking 100 ms after the cancel")
        println("kotlin cancelled search idle after " + (System.nanoTime() - started) / 1_000_000 + " ms")
        check(strong.moveNames().isEmpty() && strong.isEngineTurn(), "a cancelled move is not played")
        val job = launch { strong.engineMove() }
        delay(50L)
        check(strong.isThinking(), "thinking again")
        job.cancelAndJoin()
        check(!strong.isThinking(), "a cancelled job stops the search")
        val again = strong.engineMove()
        check(strong.moveNames().single() == again.name, "the next engine move works")
    }
    val script = Session(standardSetup(GameKind.Xiangqi), Side.SECOND, 1u, 5uL)
    val blocking = script.engineMoveBlocking()
    check(script.moveNames().single() == blocking.name && script.isPlayerTurn(), "blocking engine move")
    val badLevel = expect<SessionException.Level>("level 300") { Session(standardSetup(GameKind.Chess), Side.FIRST, 300u, 1uL) }
    check(badLevel.contains("level 300") && badLevel.contains("1 to 10"), badLevel)

    // The progress store: a profile, a draft, then closed.
    val store = ProgressStore.open(java.nio.file.Files.createTempDirectory("qike-ffi").toString())
    val kid = store.createProfile(NewProfile("小明", "panda", "zh-CN", Role.STUDENT))
    store.saveDraft(kid.id, "game:xiangqi", session.saveBytes())
    check(Session.resumeBytes(store.draft(kid.id, "game:xiangqi")!!).moveNames() == session.moveNames(), "draft")
    val cls = store.createClass(NewClass("一班", "王老师", ""))
    check(cls.qrPayload.startsWith("QIKE:JOIN:"), "join code QR payload")

    // Puzzles, ratings, class details, imports with a tally; bad arguments are typed.
    val solved = store.recordPuzzle(kid.id, PuzzleAttempt("xiangqi.mate.1", true, 0u, 4000uL, 1_700_000_000_000L))
    check(solved.attempts == 1u && solved.solves == 1u && solved.bestTimeMs == 4000uL, "puzzle " + solved)
    check(store.puzzleRecords(kid.id) == listOf(solved), "puzzle records")
    check(store.rating(kid.id, GameKind.Chess).games == 0u && store.ratings(kid.id).isEmpty(), "newcomer")
    check(ratingKey(GameKind.Go(13u)) == "go13", "rating key")
    val badId = expect<StoreException.BadProfileId>("short profile id") {
        store.recordPuzzle("12345", PuzzleAttempt("p", true, 0u, 1uL, 0L))
    }
    check(badId == "'12345' is not a profile id (32 hex digits)", badId)
    expect<StoreException.Invalid>("empty puzzle id") { store.recordPuzzle(kid.id, PuzzleAttempt("", true, 0u, 1uL, 0L)) }
    println("move aside: " + expect<StoreException.NotAFolder>("no folder") { moveStoreAside("/nonexistent/qike") })
    val info = store.updateClass(cls.id, "二班", "三年级", "chess")
    check(store.classInfo(cls.id) == info && info.grade == "三年级" && info.game == "chess", "class details")
    println("no class: " + expect<StoreException.NoSuchClass>("unknown class") { store.classSummary(cls.id + 1u, 7L) })
    expect<StoreException.Invalid>("missing folder") { store.importPath(null, "/nonexistent/qike-reports") }
    val tally = store.importText(null, "QIKE:REPORT:junk")
    check(tally.rejected == 1u && tally.reports.single().rejection != null, "tally " + tally)
    check(tally.reports.single().rejectionKind == StoreErrorKind.MALFORMED, "rejection kind " + tally)
    println("rejected: " + tally.reports.single().rejection)
    check(store.classSummary(cls.id, 7L).students == 0u, "empty class")
    expect<MoveException.OffBoard>("move text off the board") { Game(GameKind.Chess).moveText(step(20, 0, 0, 0)) }
    expect<StoreException.BadProfileId>("student id") { store.studentTimeline(cls.id, "someone") }

    // Homework through a class file, a whole lesson (saved half-way into a draft and
    // resumed), and the pupil's report read on the teacher's dashboard.
    val teacher = ProgressStore.open(java.nio.file.Files.createTempDirectory("qike-teacher").toString())
    val cls2 = teacher.createClass(NewClass("三班", "李老师", ""))
    store.joinClass(kid.id, cls2.qrPayload, cls2.name)
    val first = courses().first().units.first().lessons.first()
    val task = teacher.addAssignment(cls2.id, "作业一", listOf(AssignmentItem.Lesson(first.id)), 4_000_000_000_000L)
    val file = store.importClassFile(kid.id, teacher.exportClassFile(cls2.id))
    check(file.file.assignments == listOf(task), "class file " + file)
    check(file.trust == ClassFileTrust.TEACHER_SIGNED, "signed by the teacher " + file)
    check(store.pupilAssignments(kid.id).single().state == AssignmentState.OPEN, "open homework")
    expect<StoreException.NotAMember>("class file of a class not joined") {
        store.importClassFile(kid.id, teacher.exportClassFile(teacher.createClass(NewClass("四班", "", "")).id))
    }
    var run = LessonRun(first.id)
    var result: LessonResult? = null
    var saved = false
    var turns = 0
    while (!run.isDone()) {
        turns += 1
        check(turns < 500, "the lesson never ends")
        val view = run.view()!!
        if (!saved && view.index == first.stepCount / 2u) {
            store.saveDraft(kid.id, "lesson", run.saveBytes())
            run = LessonRun.resumeBytes(store.draft(kid.id, "lesson")!!)
            check(run.view() == view, "resumed at the same step")
            saved = true
        }
        for (input in run.showMe()) {
            val answer = run.submit(input)
            check(answer !is Feedback.Wrong && answer !is Feedback.NotExpected, "answer " + answer)
            if (answer is Feedback.LessonDone) result = answer.result
        }
    }
    val done = result ?: throw IllegalStateException("no lesson result")
    check(saved && done.stars.toInt() == 3 && done.mistakes == 0u, "lesson result " + done)
    expect<LessonException.NotASavedRun>("junk lesson bytes") { LessonRun.resumeBytes(byteArrayOf(1, 2, 3)) }
    store.recordLesson(kid.id, LessonAttempt(first.id, 1u, true, done.stars, done.mistakes, done.hints, done.elapsedMs, 1_700_000_000_000L))
    check(store.pupilAssignments(kid.id).single().state == AssignmentState.DONE, "homework done")
    val imported = teacher.importReport(store.exportReport(kid.id, cls2.id))
    check(imported.outcome == ImportOutcome.NEW_STUDENT, "imported " + imported)
    val matrix = teacher.classMatrix(cls2.id)
    check(matrix.students.single().student == kid.id && matrix.lessons == listOf(first.id), "dashboard " + matrix)
    check(matrix.cells.single().single()?.stars?.toInt() == 3 && matrix.verified == listOf(true), "dashboard cells")
    check(teacher.assignmentStatus(cls2.id, task.id).single().state == AssignmentState.DONE, "teacher sees it done")
    check(teacher.pinnedPupilKey(cls2.id, kid.id) == store.pupilKeyFingerprint(kid.id), "pinned key")
    println("tampered: " + expect<StoreException.Tampered>("changed report") {
        val report = store.exportReport(kid.id, cls2.id)
        report[report.size - 1] = (report[report.size - 1] + 1).toByte()
        teacher.importReport(report)
    })
    teacher.closeStore()

    // A knockout of four, results entered by table.
    val cup = Tournament("杯赛", ScoringRule.CLASSIC, TournamentSystem.Knockout, listOf("甲", "乙", "丙", "丁").map { Entrant(it, 0u.toUShort()) })
    while (!cup.isFinished()) {
        val round = cup.pairNext()
        cup.tables(round).forEachIndexed { t, p -> if (p.second != null) cup.setResult(round, t.toUInt(), GameResult.FIRST_WINS) }
    }
    check(cup.champion() == cup.standings().first().player && cup.standings().first().name == "甲", "champion " + cup.standings())
    println("tournament over: " + expect<TournamentException.EventOver>("a round after the final") { cup.pairNext() })

    // 四国军棋 at one device: three computers, the child's first legal moves with the
    // clock polled, saved and resumed half-way, typed refusals, and a setup built on the
    // 布阵 board, saved in the store and read back.
    val board = junqiBoard()
    check(board.size == 129 && board[0].station == Place.Army(Seat.SOUTH, 1u, 1u), "junqi board " + board[0])
    var jq = JunqiGame.againstComputers(Seat.SOUTH, 2u, Visibility.HIDDEN, 12uL)
    jq.setPauseMs(0uL)
    val jview = jq.view()
    check(jview.viewer == Seat.SOUTH && jview.stations.size == 129, "junqi view")
    check(jview.stations.mapNotNull { it.piece }.all { (it.rank != null) == (it.seat == Seat.SOUTH) }, "backs in 暗棋")
    println("junqi off board: " + expect<JunqiException.OffBoard>("line 7") { jq.targets(Place.Army(Seat.SOUTH, 7u, 1u)) })
    expect<JunqiException.NoSuchLevel>("level 6") { JunqiGame.againstComputers(Seat.SOUTH, 6u, Visibility.OPEN, 1uL) }
    expect<JunqiException.Malformed>("junk bytes") { JunqiGame.resumeBytes(byteArrayOf(1, 2, 3)) }
    fun firstMove(g: JunqiGame): Pair<Place, Place> {
        for (s in g.view().stations) {
            if (s.piece?.seat == g.turn()) {
                val targets = g.targets(s.station)
                if (targets.isNotEmpty()) return Pair(s.station, targets[0])
            }
        }
        throw IllegalStateException("no move for " + g.turn())
    }
    var clock = 0uL
    var resumed = false
    var outOfTurn: String? = null
    val junqiStarted = System.nanoTime()
    while (!jq.isOver() && jq.movesPlayed() < 600u) {
        check(System.nanoTime() - junqiStarted < 120_000_000_000L, "the computers did not move")
        if (jq.isPersonTurn()) {
            if (!resumed && jq.movesPlayed() >= 40u) {
                val back = JunqiGame.resumeBytes(jq.saveBytes())
                check(back.view() == jq.view() && back.announcements() == jq.announcements(), "junqi resumed")
                jq = back
                jq.setPauseMs(0uL)
                resumed = true
            }
            val (from, to) = firstMove(jq)
            check(jq.play(from, to).isNotEmpty(), "a move is announced")
            if (outOfTurn == null && jq.isComputerTurn()) {
                outOfTurn = expect<JunqiException.ComputerSeat>("a move out of turn") { jq.play(from, to) }
            }
        } else {
            clock += 7uL
            jq.poll(clock)
            if (jq.isThinking()) Thread.sleep(0, 500_000)
        }
    }
    check(resumed && outOfTurn != null, "junqi resumed and refused out of turn")
    println("junqi out of turn: " + outOfTurn)
    println("junqi: " + jq.movesPlayed() + " moves, " + jq.outcome())
    // This table's seed ends the game within a few hundred moves.
    check(jq.isOver() && jq.resultForChild() != null, "junqi over")
    expect<JunqiException.GameOver>("a move after the end") { jq.resign(Seat.SOUTH) }
    val junqiRecord = jq.record()
    check(junqiRecord.seats == listOf(null, 2u.toUByte(), 2u.toUByte(), 2u.toUByte()), "junqi seats " + junqiRecord.seats)
    store.recordJunqiGame(kid.id, junqiRecord)
    check(store.junqiGames(kid.id) == listOf(junqiRecord), "junqi games")
    check(store.junqiCard(kid.id).played == 1u, "junqi card " + store.junqiCard(kid.id))
    val editor = JunqiSetupEditor(Seat.SOUTH)
    println("junqi setup refused: " + expect<JunqiException.WrongCount>("an empty setup") { editor.validate() })
    expect<JunqiException.FlagOutsideHeadquarters>("a flag in front") { editor.place(Rank.FLAG, 1u, 1u) }
    check(editor.selectTray(Rank.MINE), "a mine from the tray")
    val tap = editor.tap(2u, 2u)
    check(tap is JunqiEditTap.Refused && tap.reason.zh.contains("行营"), "a camp refused " + tap)
    val model = JunqiSetupEditor.random(Seat.SOUTH, 5uL)
    for (cell in model.cells()) {
        val rank = cell.rank
        if (rank != null) editor.place(rank, cell.line, cell.column)
    }
    editor.validate()
    val mySetup = editor.setup()
    check(editor.isComplete() && mySetup == model.setup(), "setup built")
    store.saveJunqiSetup(kid.id, "我的布阵", mySetup)
    val twoPeople = JunqiTableConfig(
        listOf(SeatPlayer.Person, SeatPlayer.Computer(1u), SeatPlayer.Person, SeatPlayer.Computer(1u)),
        Seat.SOUTH, Visibility.HIDDEN, listOf(mySetup, null, null, null), 4uL,
    )
    val hot = JunqiGame(twoPeople)
    check(hot.needsHandover() == Seat.SOUTH && hot.view().viewer == null, "a hand-over first")
    expect<JunqiException.HandoverPending>("a move before the hand-over") { hot.play(Place.Army(Seat.SOUTH, 4u, 1u), Place.Army(Seat.SOUTH, 3u, 1u)) }
    check(hot.confirmHandover() == Seat.SOUTH && hot.view().viewer == Seat.SOUTH && hot.setups()[0] == mySetup, "south's eyes")
    expect<StoreException.Invalid>("half a setup") { store.saveJunqiSetup(kid.id, "半个", "排旅师排连") }

    val storePath = store.path()
    store.closeStore()
    val closedMsg = expect<StoreException.Closed>("closed store") { store.puzzleRecords(kid.id) }
    check(closedMsg == "the progress store is closed", closedMsg)
    try {
        store.profiles()
        throw IllegalStateException("a closed store answered")
    } catch (e: StoreException.Closed) {
        println("closed: " + e.message)
    }
    val reopened = ProgressStore.open(storePath)
    check(reopened.lessonRecord(kid.id, first.id)?.bestStars?.toInt() == 3, "read back after reopening")
    check(reopened.junqiSetups(kid.id) == listOf(SavedJunqiSetup("我的布阵", mySetup)), "junqi setups read back")
    check(reopened.lastJunqiSetup(kid.id)?.setup == mySetup && reopened.junqiGames(kid.id) == listOf(junqiRecord), "junqi read back")
    println("locked: " + expect<StoreException.InUse>("a second open") { ProgressStore.open(storePath) })
    reopened.closeStore()
    println("kotlin ffi ok")
}
"#;

/// A Kotlin 2.x `kotlinc`: `$KOTLINC`, one on PATH, or one installed from npm.
fn kotlinc() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("KOTLINC") {
        return Ok(PathBuf::from(path));
    }
    if let Ok(out) = Command::new("kotlinc").arg("-version").output() {
        let text = String::from_utf8_lossy(&out.stderr).into_owned()
            + &String::from_utf8_lossy(&out.stdout);
        if text.contains("kotlinc-jvm 2.") {
            return Ok(PathBuf::from("kotlinc"));
        }
    }
    let prefix = profile_dir().parent().unwrap_or(Path::new(".")).join("tools").join("kotlin");
    let installed = prefix.join("node_modules/kotlin-compiler/bin/kotlinc");
    if installed.exists() {
        return Ok(installed);
    }
    if !have("npm", "--version") {
        return Err("no Kotlin 2.x compiler and no npm to install one".into());
    }
    let status = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--prefix"])
        .arg(&prefix)
        .arg(format!("kotlin-compiler@{KOTLIN_VERSION}"))
        .status()
        .map_err(|e| format!("npm failed to start: {e}"))?;
    if status.success() && installed.exists() {
        Ok(installed)
    } else {
        Err(format!("npm install kotlin-compiler@{KOTLIN_VERSION} failed ({status})"))
    }
}

fn jna_jar() -> Option<PathBuf> {
    let candidates =
        [std::env::var_os("JNA_JAR").map(PathBuf::from), Some("/usr/share/java/jna.jar".into())];
    candidates.into_iter().flatten().find(|p| p.exists())
}

#[test]
fn kotlin_calls_the_core_through_generated_bindings() {
    const NAME: &str = "kotlin_calls_the_core_through_generated_bindings";
    if !have("java", "-version") {
        return skip(NAME, "no JVM (install default-jdk-headless)");
    }
    let Some(jna) = jna_jar() else {
        return skip(NAME, "no JNA jar (apt-get install libjna-java, or set JNA_JAR)");
    };
    let kotlinc = match kotlinc() {
        Ok(k) => k,
        Err(reason) => return skip(NAME, &reason),
    };
    let kotlin_lib = std::fs::canonicalize(&kotlinc)
        .ok()
        .and_then(|k| k.parent()?.parent().map(|home| home.join("lib")))
        .filter(|lib| lib.join("kotlin-stdlib.jar").exists());
    let Some(kotlin_lib) = kotlin_lib else {
        return skip(NAME, "kotlinc found but its lib/kotlin-stdlib.jar is missing");
    };
    let coroutines = kotlin_lib.join("kotlinx-coroutines-core-jvm.jar");

    let dir = scratch_dir("kotlin");
    generate_bindings(TargetLanguage::Kotlin, &dir);
    let source = dir.join("org/qike/core/qike.kt");
    assert!(source.exists(), "Kotlin bindings not generated at {source:?}");
    std::fs::write(dir.join("Main.kt"), MAIN).unwrap();

    let jar = dir.join("check.jar");
    let classpath = |extra: &[&Path]| {
        let mut parts: Vec<PathBuf> = extra.iter().map(|p| p.to_path_buf()).collect();
        parts.extend([jna.clone(), coroutines.clone(), kotlin_lib.join("kotlin-stdlib.jar")]);
        std::env::join_paths(parts).unwrap()
    };
    run_ok(
        Command::new(&kotlinc)
            .arg(&source)
            .arg(dir.join("Main.kt"))
            .arg("-cp")
            .arg(classpath(&[]))
            .arg("-nowarn")
            .arg("-d")
            .arg(&jar),
    );
    let out = run_ok(
        Command::new("java")
            .arg(format!("-Djna.library.path={}", dir.display()))
            // The bindings name the app's library (one .so on Android); load the
            // bindings' own library here.
            .arg("-Duniffi.component.qike.libraryOverride=qike")
            .arg("-cp")
            .arg(classpath(&[&jar]))
            .arg("MainKt")
            .arg(env!("CARGO_PKG_VERSION")),
    );
    assert!(out.contains("kotlin ffi ok"), "{out}");
    assert!(out.contains("closed: the progress store is closed"), "{out}");
    assert!(out.contains("locked: the progress database at "), "{out}");
    assert!(out.contains("tournament over: all 2 planned rounds are already paired"), "{out}");
    assert!(out.contains("tampered: the report was changed after it was signed"), "{out}");
    assert!(out.contains("move aside: '/nonexistent/qike' is not a folder"), "{out}");
    assert!(out.contains("typed error: the start position is not valid: FEN has 1 ranks"), "{out}");
    assert!(out.contains("junqi off board: south's line 7, column 1 is not a station"), "{out}");
    assert!(out.contains("junqi out of turn: The east seat is played by the computer."), "{out}");
    assert!(out.contains("junqi setup refused: The south army has 0 × "), "{out}");
}
