//! The command line's shape: every command, subcommand, option and flag of `qike`, for
//! clap to read and to print as `--help`. Values stay text here where the command
//! checks them itself (numbers, rules, sizes), so its messages name the option as
//! before; clap names a wrong flag or a missing argument and shows the usage.

use clap::{Args, Parser, Subcommand};

/// The command-line face of Qike's core: perft, engines, matches, content checks,
/// tournaments, a teacher's class store and the evaluation tuner.
#[derive(Debug, Parser)]
#[command(name = "qike", disable_version_flag = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

// Read once at start-up: the size of the biggest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Prints the version.
    Version,
    /// Counts the leaf nodes of the move tree; the last line is the count.
    Perft(PerftArgs),
    /// An engine over its game's protocol on standard input and output.
    Engine {
        #[command(subcommand)]
        game: EngineGame,
    },
    /// Xiangqi or chess games between two players (see `--game`).
    Match(MatchArgs),
    /// Swiss pairings, standings and double-elimination brackets.
    Tournament {
        #[command(subcommand)]
        command: TournamentCommand,
    },
    /// A teacher's class store.
    Class {
        #[command(subcommand)]
        command: ClassCommand,
    },
    /// A pupil's side of a class: a profile, joining, a lesson, sending the report.
    Pupil {
        #[command(subcommand)]
        command: PupilCommand,
    },
    /// The shipped lessons.
    Content {
        #[command(subcommand)]
        command: ContentCommand,
    },
    /// The renju forbidden points of a position.
    GomokuForbidden {
        /// The stones, black first, alternating ("h8 h9 …").
        #[arg(long, value_name = "MOVES")]
        moves: String,
        /// The board: 15 or 19.
        #[arg(long, value_name = "N")]
        size: Option<String>,
        /// Says of each point why it is forbidden.
        #[arg(long)]
        why: bool,
    },
    /// Gomoku engine speed.
    GomokuBench {
        /// Nodes to search.
        #[arg(long, value_name = "N")]
        nodes: Option<String>,
    },
    /// Gomoku games between two players, colours alternating.
    GomokuMatch(GomokuMatchArgs),
    /// The Chinese area count of a finished SGF game.
    GoScore {
        /// The SGF file.
        file: String,
        #[arg(long, value_name = "N")]
        seed: Option<String>,
        /// Playouts of the dead-stone estimate.
        #[arg(long, value_name = "N")]
        playouts: Option<String>,
    },
    /// Go playout and search speed.
    GoBench {
        /// The board: 9, 13 or 19.
        #[arg(long, value_name = "N")]
        size: Option<String>,
        #[arg(long, value_name = "N")]
        playouts: Option<String>,
    },
    /// Go games at a level against a GTP program or `random`.
    GoMatch(GoMatchArgs),
    /// Learns the Go engine's move strengths from games (one a line: the board size,
    /// then the moves in GTP notation; `core/tools/go_pattern_games.py` writes them) and
    /// prints them in the form of the engine's `gammas.txt`.
    GoLearnPatterns {
        /// Files of games.
        #[arg(required = true)]
        files: Vec<String>,
        /// Rounds of updates over all feature groups.
        #[arg(long, value_name = "N")]
        rounds: Option<String>,
    },
    /// Evaluation tuning: self-play positions and the Texel fit.
    Tune {
        #[command(subcommand)]
        game: TuneGame,
    },
    /// 四国军棋: self-play through the referee and random setups.
    Junqi {
        #[command(subcommand)]
        command: JunqiCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum JunqiCommand {
    /// Four-seat games of the player against itself; one line per game, then the tallies.
    Selfplay {
        #[arg(long, value_name = "N")]
        games: Option<String>,
        /// 1..=5 (default 5), the same for all four seats.
        #[arg(long, value_name = "L")]
        level: Option<String>,
        #[arg(long, value_name = "S")]
        seed: Option<String>,
        /// 明棋: every rank open.
        #[arg(long)]
        open: bool,
    },
    /// A legal setup of one army in the text form.
    Setup {
        /// Draw it at random (the only way for now).
        #[arg(long)]
        random: bool,
        #[arg(long, value_name = "S")]
        seed: Option<String>,
    },
}

#[derive(Debug, Args)]
pub struct PerftArgs {
    /// xiangqi or chess.
    pub game: String,
    /// The start position (default: the game's).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    #[arg(long, value_name = "N")]
    pub depth: Option<String>,
    /// A count for each first move.
    #[arg(long)]
    pub divide: bool,
}

#[derive(Debug, Subcommand)]
pub enum EngineGame {
    /// UCCI (ICCS moves), or UCI when the first command is `uci`.
    Xiangqi(XiangqiEngineArgs),
    /// UCI.
    Chess,
    /// The Gomocup protocol.
    Gomoku,
    /// GTP v2.
    Go(GoEngineArgs),
}

#[derive(Debug, Args)]
pub struct XiangqiEngineArgs {
    /// Plays a match against this UCI engine instead (the older spelling of
    /// `qike match qike uci:ENGINE`).
    #[arg(long = "match", value_name = "ENGINE")]
    pub opponent: Option<String>,
    /// Per move, for the match.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<String>,
    /// Pairs of games in the match.
    #[arg(long, value_name = "N")]
    pub rounds: Option<String>,
    /// The opponent's nodes per move instead of a move time.
    #[arg(long, value_name = "N")]
    pub nodes: Option<String>,
}

#[derive(Debug, Args)]
pub struct GoEngineArgs {
    /// 1 to 10.
    #[arg(long, value_name = "N")]
    pub level: Option<String>,
    /// Fixed playouts instead of time.
    #[arg(long, value_name = "N")]
    pub playouts: Option<String>,
    #[arg(long, value_name = "MS")]
    pub movetime: Option<String>,
    #[arg(long, value_name = "N")]
    pub seed: Option<String>,
    /// Plays a lost game out instead of resigning.
    #[arg(long)]
    pub no_resign: bool,
    /// The level's margin, noise and impulsive percentage replaced.
    #[arg(long, value_name = "M,N,B")]
    pub style: Option<String>,
    /// The level's own playouts with no time cap.
    #[arg(long)]
    pub fixed: bool,
    /// Search threads (the level's when left out; never more than the cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<String>,
}

/// Players: `qike`, `level:N[:fixed]`, `custom:D,N,T,M,NOISE,BLUNDER[:fixed]`,
/// `search:nodes=N[:weights=FILE]`, `search:ms=N[:weights=FILE]`, `greedy`, `random`,
/// `uci:CMD`, `ucci:CMD` (chess: no `qike` and no `ucci:`).
#[derive(Debug, Args)]
pub struct MatchArgs {
    pub player1: String,
    pub player2: String,
    /// xiangqi (the default) or chess.
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// The most games to play (default 20; 20000 with --sprt).
    #[arg(long, value_name = "N")]
    pub games: Option<String>,
    /// Per move, for both players.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<String>,
    #[arg(long, value_name = "MS")]
    pub movetime1: Option<String>,
    #[arg(long, value_name = "MS")]
    pub movetime2: Option<String>,
    #[arg(long, value_name = "N")]
    pub nodes1: Option<String>,
    #[arg(long, value_name = "N")]
    pub nodes2: Option<String>,
    #[arg(long, value_name = "N")]
    pub depth1: Option<String>,
    #[arg(long, value_name = "N")]
    pub depth2: Option<String>,
    /// An option for player 1's engine (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    pub option1: Vec<String>,
    /// An option for player 2's engine (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    pub option2: Vec<String>,
    /// An opening list (ICCS moves, one opening a line).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Writes every game's moves there.
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    #[arg(long, value_name = "N")]
    pub max_plies: Option<String>,
    #[arg(long, value_name = "CP")]
    pub resign_cp: Option<String>,
    #[arg(long, value_name = "N")]
    pub resign_moves: Option<String>,
    #[arg(long, value_name = "N")]
    pub seed: Option<String>,
    /// Games played at once.
    #[arg(long, value_name = "N")]
    pub concurrency: Option<String>,
    /// Seeded random moves added to each opening.
    #[arg(long, value_name = "N")]
    pub random_plies: Option<String>,
    /// A sequential test on the game pairs: elo0=A elo1=B alpha=X beta=Y.
    #[arg(long, value_name = "KEY=VALUE", num_args = 0..)]
    pub sprt: Option<Vec<String>>,
}

/// Players: `level:N` (`level:N,noise=300` changes a field of the row), `random`,
/// `greedy`, `pbrain:PATH` (a Gomocup engine).
#[derive(Debug, Args)]
pub struct GomokuMatchArgs {
    pub a: String,
    pub b: String,
    #[arg(long, value_name = "N")]
    pub games: Option<String>,
    /// renju, standard or freestyle.
    #[arg(long, value_name = "RULE")]
    pub rule: Option<String>,
    #[arg(long, value_name = "S")]
    pub seed: Option<String>,
    /// Lowers every level's node cap.
    #[arg(long, value_name = "N")]
    pub nodes: Option<String>,
    /// The levels' time caps, as in the app.
    #[arg(long)]
    pub timed: bool,
    /// Per move, for every level and engine.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<String>,
    /// random or named.
    #[arg(long, value_name = "KIND")]
    pub openings: Option<String>,
}

/// OPPONENT: a GTP command line, or `random`.
#[derive(Debug, Args)]
pub struct GoMatchArgs {
    pub opponent: String,
    #[arg(long, value_name = "N")]
    pub games: Option<String>,
    #[arg(long, value_name = "N")]
    pub size: Option<String>,
    #[arg(long, value_name = "K")]
    pub komi: Option<String>,
    #[arg(long, value_name = "N")]
    pub level: Option<String>,
    #[arg(long, value_name = "MS")]
    pub movetime: Option<String>,
    #[arg(long, value_name = "N")]
    pub playouts: Option<String>,
    #[arg(long, value_name = "N")]
    pub seed: Option<String>,
    #[arg(long, value_name = "N")]
    pub max_moves: Option<String>,
    /// Prints each game's moves.
    #[arg(long)]
    pub show_moves: bool,
    /// The level's margin, noise and impulsive percentage replaced.
    #[arg(long, value_name = "M,N,B")]
    pub style: Option<String>,
    /// The level's own playouts with no time cap.
    #[arg(long)]
    pub fixed: bool,
    /// Qike resigns a game its search sees as lost.
    #[arg(long)]
    pub resign: bool,
    /// Qike's search threads (the level's when left out; never more than the cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<String>,
    /// Black's handicap stones on the standard points (white moves first).
    #[arg(long, value_name = "N")]
    pub handicap: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// The next Swiss round (Dutch system) of a TRF-16 file.
    Pair {
        #[arg(long, value_name = "FILE")]
        trf: String,
        /// start, rating or lot:SEED.
        #[arg(long, value_name = "RANKING")]
        ranking: Option<String>,
    },
    /// Rank, points and tie-breaks of a TRF-16 file.
    Standings {
        #[arg(long, value_name = "FILE")]
        trf: String,
        #[arg(long, value_name = "LIST")]
        tiebreaks: Option<String>,
    },
    /// The next round of a double-elimination bracket.
    Double {
        #[arg(long, value_name = "N")]
        players: String,
        /// Each round's winners in table order, rounds split by `/`.
        #[arg(long, value_name = "W W …/W …")]
        winners: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum ClassCommand {
    /// A new class; prints its join code and QR text.
    Create {
        #[arg(long, value_name = "DIR")]
        store: String,
        #[arg(long, value_name = "NAME")]
        name: String,
        #[arg(long, value_name = "T")]
        teacher: Option<String>,
        #[arg(long, value_name = "G")]
        grade: Option<String>,
        #[arg(long, value_name = "G")]
        game: Option<String>,
    },
    /// The classes, their pupils and join codes.
    List {
        #[arg(long, value_name = "DIR")]
        store: String,
    },
    /// Imports a report file or every one in a folder.
    Import {
        #[arg(long, value_name = "DIR")]
        store: String,
        /// A report file or a folder.
        path: String,
        #[arg(long, value_name = "ID")]
        class: Option<String>,
    },
    /// Pupils × lessons, averages, who needs help.
    Dashboard {
        #[arg(long, value_name = "DIR")]
        store: String,
        #[arg(long, value_name = "ID")]
        class: Option<String>,
        #[arg(long, value_name = "N")]
        inactive_days: Option<String>,
    },
    /// The dashboard as CSV.
    Csv {
        #[arg(long, value_name = "DIR")]
        store: String,
        #[arg(long, value_name = "FILE")]
        out: String,
        #[arg(long, value_name = "ID")]
        class: Option<String>,
    },
    /// Takes pupils' reports over the local network and sends the homework back.
    Serve {
        #[arg(long, value_name = "DIR")]
        store: String,
        #[arg(long, value_name = "ID")]
        class: Option<String>,
        /// The address and port to listen on (port 0: any free port).
        #[arg(long, value_name = "ADDR:PORT")]
        listen: Option<String>,
        /// Stop after this many seconds (else run until killed).
        #[arg(long = "for", value_name = "SECONDS")]
        seconds: Option<String>,
        /// Stop once this many reports were received and saved.
        #[arg(long, value_name = "N")]
        reports: Option<String>,
        /// Take pupils not yet on the class roster (else only known pupils).
        #[arg(long)]
        accept_new: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum PupilCommand {
    /// A new pupil profile; prints its id.
    New {
        #[arg(long, value_name = "DIR")]
        store: String,
        #[arg(long, value_name = "NAME")]
        name: String,
    },
    /// Joins a class with the teacher's join code.
    Join {
        #[arg(long, value_name = "DIR")]
        store: String,
        #[arg(long, value_name = "ID")]
        profile: String,
        #[arg(long, value_name = "TEXT")]
        code: String,
    },
    /// Walks a shipped lesson with its right answers and records the result.
    Lesson {
        #[arg(long, value_name = "DIR")]
        store: String,
        #[arg(long, value_name = "ID")]
        profile: String,
        #[arg(long, value_name = "LESSON")]
        lesson: String,
    },
    /// Sends the pupil's report to the teacher's device; exit 0 only when acknowledged.
    Send {
        #[arg(long, value_name = "DIR")]
        store: String,
        #[arg(long, value_name = "ID")]
        profile: String,
        /// The teacher's ADDR:PORT or short code.
        #[arg(long, value_name = "ADDR:PORT|CODE", required_unless_present = "find")]
        to: Option<String>,
        /// Find the teacher's open collection on the local network (DNS-SD) instead.
        #[arg(long, conflicts_with = "to")]
        find: bool,
        /// The class (if the pupil joined more than one).
        #[arg(long, value_name = "ID")]
        class: Option<String>,
        /// Tries in all when the network fails.
        #[arg(long, value_name = "N")]
        tries: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum ContentCommand {
    /// Loads, validates and walks every shipped lesson.
    Check {
        /// Also list, per course and step kind, what was proven and how: the solver and
        /// its depth or node budget, and the claims checked.
        #[arg(long)]
        report: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum TuneGame {
    /// The chess evaluation.
    Chess {
        #[command(subcommand)]
        step: TuneStep<GenArgs, FitArgs>,
    },
    /// The xiangqi evaluation.
    Xiangqi {
        #[command(subcommand)]
        step: TuneStep<XiangqiGenArgs, XiangqiFitArgs>,
    },
    /// Any other game: refused with the games the tuner is wired for.
    #[command(external_subcommand)]
    Other(Vec<String>),
}

#[derive(Debug, Subcommand)]
pub enum TuneStep<G: Args, F: Args> {
    /// Self-play at fixed nodes; writes the quiet positions.
    Gen(G),
    /// The Texel fit; writes a weights file.
    Fit(F),
}

#[derive(Debug, Args)]
pub struct GenArgs {
    #[arg(long, value_name = "N")]
    pub games: Option<String>,
    #[arg(long, value_name = "S")]
    pub seed: Option<String>,
    #[arg(long, value_name = "N")]
    pub nodes: Option<String>,
    #[arg(long, value_name = "N")]
    pub random_plies: Option<String>,
    #[arg(long, value_name = "FILE")]
    pub out: String,
}

#[derive(Debug, Args)]
pub struct XiangqiGenArgs {
    #[command(flatten)]
    pub common: GenArgs,
    /// The depth of the search that labels each position.
    #[arg(long, value_name = "D")]
    pub label_depth: Option<String>,
    #[arg(long, value_name = "N")]
    pub label_nodes: Option<String>,
}

#[derive(Debug, Args)]
pub struct FitArgs {
    /// A positions file (repeatable).
    #[arg(long, value_name = "FILE")]
    pub data: Vec<String>,
    /// Weights to start from.
    #[arg(long, value_name = "FILE")]
    pub start: Option<String>,
    #[arg(long, value_name = "N")]
    pub epochs: Option<String>,
    #[arg(long, value_name = "R")]
    pub rate: Option<String>,
    #[arg(long, value_name = "L")]
    pub l2: Option<String>,
    /// Weights whose names start so stay as they are (repeatable).
    #[arg(long, value_name = "PREFIX")]
    pub freeze: Vec<String>,
    #[arg(long, value_name = "FILE")]
    pub out: String,
}

#[derive(Debug, Args)]
pub struct XiangqiFitArgs {
    #[command(flatten)]
    pub common: FitArgs,
    /// The weight of the game's result against the search's score.
    #[arg(long, value_name = "L")]
    pub lambda: Option<String>,
}
