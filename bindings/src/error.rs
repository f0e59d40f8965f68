//! The public errors of the bindings: one error enum per family of core errors, each
//! with the core enum's variants, mapped here in one place.
//!
//! Every enum is a flat uniffi error: a foreign caller catches the variant it cares
//! about (`StoreError.InUse` in Python and Swift, `StoreException.InUse` in Kotlin) or
//! the whole family, and the exception's message is the core's own sentence. The
//! matches below name every core variant, so a variant added to the core does not
//! compile here until it has its counterpart.

use qike_core::ai::{NoSuchLevel, ThinkError};
use qike_core::curriculum::{LoadError, ResumeError};
use qike_core::progress::{ClassFileError, JoinCodeError, ReportError};
use qike_core::session::SessionError as CoreSession;
use qike_core::session::junqi::{EditRefusal, JunqiConfigError, JunqiPlayError, JunqiResumeError};
use qike_core::{
    BoardView, GameKind, MoveInput, Point, Refusal, chess, go, gomoku, junqi, xiangqi,
};

/// Declares a flat error enum whose variants each carry the message to show; with
/// `kind`, also a plain enum of the same variants (for errors reported in a list rather
/// than raised) and `kind()`.
macro_rules! flat_error {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
        #[uniffi(flat_error)]
        pub enum $name {
            $($(#[$vmeta])* #[error("{0}")] $variant(String),)*
        }
    };
    ($(#[$meta:meta])* $name:ident, kind $kind:ident { $($(#[$vmeta:meta])* $variant:ident,)* }) => {
        flat_error! { $(#[$meta])* $name { $($(#[$vmeta])* $variant,)* } }

        /// Which variant of the error family of the same name, without its message.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
        pub enum $kind {
            $($variant,)*
        }

        impl $name {
            pub(crate) fn kind(&self) -> $kind {
                match self {
                    $($name::$variant(_) => $kind::$variant,)*
                }
            }
        }
    };
}

flat_error! {
    /// A point, a move or a request on a game's board that cannot be done: off the
    /// board, text that is not a move, or a move the rules refuse (in English, then
    /// Chinese in brackets).
    MoveError {
        /// A point outside the board.
        OffBoard,
        /// Move text of the wrong shape for this game.
        BadMoveText,
        /// The request is for another game (a FEN of a Go game, a PGN of xiangqi).
        WrongGame,
        /// A PGN header name or value that cannot be written.
        BadTag,
        GameOver,
        NotYourTurn,
        NotAMove,
        /// A xiangqi rule forbids the move (蹩马腿, 送将 …).
        Xiangqi,
        Chess,
        Go,
        Gomoku,
    }
}

flat_error! {
    /// A game's start that cannot be set up (the core's `SetupError`).
    SetupError {
        XiangqiFen,
        ChessFen,
        Position,
        Go,
        NoSuchOpening,
    }
}

flat_error! {
    /// A xiangqi FEN that cannot be read (the core's `xiangqi::FenError`).
    XiangqiFenError {
        Empty,
        RankCount,
        FileCount,
        UnknownPiece,
        SideToMove,
        UnusedField,
        HalfmoveClock,
        FullmoveNumber,
        TooManyFields,
        MissingGeneral,
        TooMany,
        Misplaced,
        SoldierBehindStart,
        GeneralsFacing,
        OpponentInCheck,
    }
}

flat_error! {
    /// A PGN text that cannot be read (the core's `PgnErrorKind`, its message with the
    /// game and line), or one that holds no game.
    PgnError {
        NoGame,
        UnterminatedComment,
        UnterminatedTag,
        BadTag,
        UnbalancedParen,
        UnclosedVariation,
        BadFen,
        Variant,
        BadMove,
    }
}

flat_error! {
    /// A Go SGF text that cannot be read (the core's `go::SgfError`).
    GoSgfError {
        Syntax,
        Empty,
        TooManyNodes,
        NotGo,
        Size,
        InvalidProperty,
        Komi,
        Handicap,
        OffBoard,
        SetupAfterMoves,
        IllegalMove,
        Setup,
    }
}

flat_error! {
    /// A gomoku SGF text that cannot be read (the core's `gomoku::sgf::SgfError`).
    GomokuSgfError {
        TooLong,
        TooManyNodes,
        Syntax,
        NoGame,
        WrongGame,
        Size,
        Rule,
        Setup,
        BadPoint,
        WrongColour,
        Illegal,
    }
}

flat_error! {
    /// A session that cannot start, resume or do what was asked (the core's
    /// `SessionError`), a point off the board, a request while the engine thinks, or a
    /// game record that could not get an id.
    SessionError {
        Malformed,
        FutureVersion,
        BadStart,
        BadMove,
        BadDeadStone,
        /// A level the game does not have.
        Level,
        /// The rules refuse the move (in English, then Chinese in brackets).
        Refused,
        NothingToUndo,
        NotEngineTurn,
        NoEngine,
        NoEngineMove,
        NotCounting,
        Think,
        OffBoard,
        /// The engine is still choosing a move: stop it or wait for its answer first.
        Busy,
        Store,
        /// The awaited engine move was cancelled (by the caller, or by 悔棋, resignation
        /// or `cancel_thinking` meanwhile); the session is idle.
        Cancelled,
    }
}

flat_error! {
    /// A 四国军棋 table, move, saved game, setup or edit that the core refuses: the
    /// table's `JunqiConfigError`, a move's `MoveRefusal` and the session's
    /// `JunqiPlayError`, a saved game's `JunqiResumeError`, a setup's `SetupError` or
    /// `ParseSetupError` and the editor's `EditRefusal`. A refusal that has words for a
    /// child says them in English, then Chinese in brackets.
    JunqiError {
        /// No seat is played by a person (only a demonstration may have four computers).
        NoPerson,
        /// The child's seat is the computer's.
        ChildNotPerson,
        /// A computer level other than 1 to 5.
        NoSuchLevel,
        /// A seat's setup breaks a rule.
        BadSetup,
        /// Not four seats, or a list of setups that is neither empty nor four long.
        BadTable,
        GameOver,
        NotYourTurn,
        NoPiece,
        NotYourPiece,
        /// 军旗 and 地雷 never move.
        Immobile,
        InHeadquarters,
        OwnTeam,
        CampProtected,
        Unreachable,
        AlreadyOut,
        /// The seat to move, or to resign, is played by the computer.
        ComputerSeat,
        /// The device must first go to the person to move: `confirm_handover`.
        HandoverPending,
        /// Saved bytes that are not a saved 四国军棋 game.
        Malformed,
        FutureVersion,
        /// A saved game's move or resignation that cannot be played there.
        BadEvent,
        /// A setup's text form that cannot be read.
        SetupText,
        PieceInCamp,
        FlagOutsideHeadquarters,
        MineTooFarForward,
        BombOnFrontLine,
        WrongCount,
        /// Every piece of that rank is already on the board.
        NotInTray,
        /// No piece on that station of the setup.
        Empty,
        /// A station or a setup's line and column that is not on the board.
        OffBoard,
        /// A game record could not get an id.
        Store,
    }
}

flat_error! {
    /// The progress store failed or refused (the core's `StoreError`), with the
    /// refusals of a join code (`JoinCodeError`) and of a class report (`ReportError`)
    /// as variants of their own, and an id or folder argument that is not one.
    StoreError, kind StoreErrorKind {
        /// The store's files cannot be read: offer `move_store_aside`.
        Corrupt,
        DiskFull,
        Io,
        FutureSchema,
        /// Another open store holds the folder (another app, or a handle not closed).
        InUse,
        Closed,
        BadRecord,
        Invalid,
        NoSuchProfile,
        NoSuchClass,
        NotAMember,
        NoSuchStudent,
        NoSuchAssignment,
        Archived,
        WrongLength,
        BadCharacter,
        Checksum,
        NotAJoinPayload,
        /// The QR code's teacher key does not match its join code.
        BadTeacherKey,
        Oversize,
        Truncated,
        NotAReport,
        FutureVersion,
        WrongClass,
        UnknownClass,
        ArchivedClass,
        Tampered,
        Malformed,
        /// The report was signed by another key than the pupil's earlier ones.
        ForeignPupilKey,
        UnsignedForPinnedPupil,
        /// Text that is not a Qike class file.
        NotAClassFile,
        /// A class file signed by another key than the teacher's key the class was
        /// joined with.
        ForeignTeacherKey,
        /// A class file without the teacher's signature for a class joined with the
        /// teacher's key.
        UnsignedClassFile,
        /// Text that is not a profile id (32 hex digits).
        BadProfileId,
        NotAFolder,
    }
}

flat_error! {
    /// A lesson that cannot be found, loaded (the core's `LoadError`) or resumed (its
    /// `ResumeError`), or a point off the step's board.
    LessonError {
        NoSuchLesson,
        Toml,
        NoCourseFile,
        DuplicateLesson,
        MissingLesson,
        LessonListedTwice,
        UnlistedLesson,
        BadGame,
        BadStep,
        /// Saved bytes that are not a lesson run.
        NotASavedRun,
        OtherLesson,
        NoSuchStep,
        BadMoves,
        OffBoard,
    }
}

flat_error! {
    /// An event, a round or a result the tournament refuses (the core's
    /// `TournamentError`).
    TournamentError {
        UnknownPlayer,
        PairedTwice,
        NotPaired,
        Absent,
        NoSuchGame,
        SelfPairing,
        TooFewPlayers,
        TooManyPlayers,
        NoPairing,
        EventOver,
        Inconsistent,
        Trf,
        RoundNotFinished,
        Undecided,
        NoSuchTable,
        FieldFixed,
    }
}

impl From<qike_core::tournament::TournamentError> for TournamentError {
    fn from(e: qike_core::tournament::TournamentError) -> Self {
        use qike_core::tournament::TournamentError as Core;
        let m = e.to_string();
        match e {
            Core::UnknownPlayer(_) => TournamentError::UnknownPlayer(m),
            Core::PairedTwice { .. } => TournamentError::PairedTwice(m),
            Core::NotPaired { .. } => TournamentError::NotPaired(m),
            Core::Absent { .. } => TournamentError::Absent(m),
            Core::NoSuchGame { .. } => TournamentError::NoSuchGame(m),
            Core::SelfPairing(_) => TournamentError::SelfPairing(m),
            Core::TooFewPlayers(..) => TournamentError::TooFewPlayers(m),
            Core::TooManyPlayers(..) => TournamentError::TooManyPlayers(m),
            Core::NoPairing { .. } => TournamentError::NoPairing(m),
            Core::EventOver(_) => TournamentError::EventOver(m),
            Core::Inconsistent { .. } => TournamentError::Inconsistent(m),
            Core::Trf { .. } => TournamentError::Trf(m),
            Core::RoundNotFinished { .. } => TournamentError::RoundNotFinished(m),
            // The core's sentences count tables from 1, as a class reads them; the API
            // counts them from 0, as `tables(round)` lists them.
            Core::Undecided { round, table } => TournamentError::Undecided(format!(
                "round {round}, table {}: a knockout game needs a winner (play a decider)",
                table.saturating_sub(1)
            )),
            Core::NoSuchTable { round, table } => TournamentError::NoSuchTable(format!(
                "round {round} has no table {} with a game",
                table.saturating_sub(1)
            )),
            Core::FieldFixed => TournamentError::FieldFixed(m),
        }
    }
}

/// A point from outside that is not on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OffBoard(Point);

impl std::fmt::Display for OffBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "point ({}, {}) is not on the board", self.0.file, self.0.rank)
    }
}

/// A board's size, from the game's kind or from the board drawn.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bounds {
    files: u8,
    ranks: u8,
}

impl From<GameKind> for Bounds {
    fn from(kind: GameKind) -> Self {
        Bounds { files: kind.files(), ranks: kind.ranks() }
    }
}

impl From<&BoardView> for Bounds {
    fn from(view: &BoardView) -> Self {
        Bounds { files: view.files, ranks: view.ranks }
    }
}

/// A value from outside that names points of a board.
pub(crate) trait Points: Copy {
    fn points(self) -> Vec<Point>;
}

impl Points for Point {
    fn points(self) -> Vec<Point> {
        vec![self]
    }
}

impl Points for (Point, Point) {
    fn points(self) -> Vec<Point> {
        vec![self.0, self.1]
    }
}

impl Points for MoveInput {
    fn points(self) -> Vec<Point> {
        match self {
            MoveInput::Step { from, to, .. } => vec![from, to],
            MoveInput::Place { at } => vec![at],
            MoveInput::Pass => Vec::new(),
        }
    }
}

/// The one check of every point a caller hands in: `value` when each point it names
/// is on the board.
pub(crate) fn on_board<T: Points>(board: impl Into<Bounds>, value: T) -> Result<T, OffBoard> {
    let Bounds { files, ranks } = board.into();
    match value.points().into_iter().find(|p| p.file >= files || p.rank >= ranks) {
        Some(p) => Err(OffBoard(p)),
        None => Ok(value),
    }
}

impl From<OffBoard> for MoveError {
    fn from(e: OffBoard) -> Self {
        MoveError::OffBoard(e.to_string())
    }
}

impl From<OffBoard> for LessonError {
    fn from(e: OffBoard) -> Self {
        LessonError::OffBoard(e.to_string())
    }
}

/// A refusal in both languages, as one message.
fn refusal_text(r: &Refusal) -> String {
    let text = r.text();
    format!("{} ({})", text.en, text.zh)
}

impl From<Refusal> for MoveError {
    fn from(r: Refusal) -> Self {
        let m = refusal_text(&r);
        match r {
            Refusal::GameOver => MoveError::GameOver(m),
            Refusal::NotYourTurn => MoveError::NotYourTurn(m),
            Refusal::NotAMove => MoveError::NotAMove(m),
            Refusal::Xiangqi(_) => MoveError::Xiangqi(m),
            Refusal::Chess(_) => MoveError::Chess(m),
            Refusal::Go(_) => MoveError::Go(m),
            Refusal::Gomoku(_) => MoveError::Gomoku(m),
        }
    }
}

impl From<qike_core::SetupError> for SetupError {
    fn from(e: qike_core::SetupError) -> Self {
        use qike_core::SetupError as Core;
        let m = e.to_string();
        match e {
            Core::XiangqiFen(_) => SetupError::XiangqiFen(m),
            Core::ChessFen(_) => SetupError::ChessFen(m),
            Core::Position(_) => SetupError::Position(m),
            Core::Go(_) => SetupError::Go(m),
            Core::NoSuchOpening(_) => SetupError::NoSuchOpening(m),
        }
    }
}

impl From<xiangqi::FenError> for XiangqiFenError {
    fn from(e: xiangqi::FenError) -> Self {
        use xiangqi::FenError as Core;
        let m = e.to_string();
        match e {
            Core::Empty => XiangqiFenError::Empty(m),
            Core::RankCount(_) => XiangqiFenError::RankCount(m),
            Core::FileCount { .. } => XiangqiFenError::FileCount(m),
            Core::UnknownPiece(_) => XiangqiFenError::UnknownPiece(m),
            Core::SideToMove(_) => XiangqiFenError::SideToMove(m),
            Core::UnusedField { .. } => XiangqiFenError::UnusedField(m),
            Core::HalfmoveClock(_) => XiangqiFenError::HalfmoveClock(m),
            Core::FullmoveNumber(_) => XiangqiFenError::FullmoveNumber(m),
            Core::TooManyFields(_) => XiangqiFenError::TooManyFields(m),
            Core::MissingGeneral(_) => XiangqiFenError::MissingGeneral(m),
            Core::TooMany { .. } => XiangqiFenError::TooMany(m),
            Core::Misplaced { .. } => XiangqiFenError::Misplaced(m),
            Core::SoldierBehindStart { .. } => XiangqiFenError::SoldierBehindStart(m),
            Core::GeneralsFacing => XiangqiFenError::GeneralsFacing(m),
            Core::OpponentInCheck(_) => XiangqiFenError::OpponentInCheck(m),
        }
    }
}

impl From<chess::PgnError> for PgnError {
    fn from(e: chess::PgnError) -> Self {
        use chess::PgnErrorKind as Core;
        let m = e.to_string();
        match e.kind {
            Core::UnterminatedComment => PgnError::UnterminatedComment(m),
            Core::UnterminatedTag => PgnError::UnterminatedTag(m),
            Core::BadTag(_) => PgnError::BadTag(m),
            Core::UnbalancedParen => PgnError::UnbalancedParen(m),
            Core::UnclosedVariation => PgnError::UnclosedVariation(m),
            Core::BadFen(_) => PgnError::BadFen(m),
            Core::Variant(_) => PgnError::Variant(m),
            Core::BadMove { .. } => PgnError::BadMove(m),
        }
    }
}

impl From<go::SgfError> for GoSgfError {
    fn from(e: go::SgfError) -> Self {
        use go::SgfError as Core;
        let m = e.to_string();
        match e {
            Core::Syntax(_) => GoSgfError::Syntax(m),
            Core::Empty => GoSgfError::Empty(m),
            Core::TooManyNodes => GoSgfError::TooManyNodes(m),
            Core::NotGo(_) => GoSgfError::NotGo(m),
            Core::Size(..) => GoSgfError::Size(m),
            Core::InvalidProperty(_) => GoSgfError::InvalidProperty(m),
            Core::Komi(_) => GoSgfError::Komi(m),
            Core::Handicap(_) => GoSgfError::Handicap(m),
            Core::OffBoard(..) => GoSgfError::OffBoard(m),
            Core::SetupAfterMoves => GoSgfError::SetupAfterMoves(m),
            Core::IllegalMove { .. } => GoSgfError::IllegalMove(m),
            Core::Setup(_) => GoSgfError::Setup(m),
        }
    }
}

impl From<gomoku::sgf::SgfError> for GomokuSgfError {
    fn from(e: gomoku::sgf::SgfError) -> Self {
        use gomoku::sgf::SgfError as Core;
        let m = e.to_string();
        match e {
            Core::TooLong(_) => GomokuSgfError::TooLong(m),
            Core::TooManyNodes => GomokuSgfError::TooManyNodes(m),
            Core::Syntax(_) => GomokuSgfError::Syntax(m),
            Core::NoGame => GomokuSgfError::NoGame(m),
            Core::WrongGame(_) => GomokuSgfError::WrongGame(m),
            Core::Size(..) => GomokuSgfError::Size(m),
            Core::Rule(_) => GomokuSgfError::Rule(m),
            Core::Setup(_) => GomokuSgfError::Setup(m),
            Core::BadPoint { .. } => GomokuSgfError::BadPoint(m),
            Core::WrongColour { .. } => GomokuSgfError::WrongColour(m),
            Core::Illegal { .. } => GomokuSgfError::Illegal(m),
        }
    }
}

impl From<CoreSession> for SessionError {
    fn from(e: CoreSession) -> Self {
        let m = e.to_string();
        match e {
            CoreSession::Malformed(_) => SessionError::Malformed(m),
            CoreSession::FutureVersion(_) => SessionError::FutureVersion(m),
            CoreSession::BadStart(_) => SessionError::BadStart(m),
            CoreSession::BadMove { .. } => SessionError::BadMove(m),
            CoreSession::BadDeadStone(_) => SessionError::BadDeadStone(m),
            CoreSession::Level(_) => SessionError::Level(m),
            CoreSession::Refused(r) => SessionError::Refused(refusal_text(&r)),
            CoreSession::NothingToUndo => SessionError::NothingToUndo(m),
            CoreSession::NotEngineTurn => SessionError::NotEngineTurn(m),
            CoreSession::NoEngine => SessionError::NoEngine(m),
            CoreSession::NoEngineMove => SessionError::NoEngineMove(m),
            CoreSession::NotCounting => SessionError::NotCounting(m),
            CoreSession::Think(_) => SessionError::Think(m),
            CoreSession::Busy => SessionError::Busy(m),
        }
    }
}

impl From<NoSuchLevel> for SessionError {
    fn from(e: NoSuchLevel) -> Self {
        CoreSession::Level(e).into()
    }
}

impl From<ThinkError> for SessionError {
    fn from(e: ThinkError) -> Self {
        CoreSession::Think(e).into()
    }
}

impl From<OffBoard> for SessionError {
    fn from(e: OffBoard) -> Self {
        SessionError::OffBoard(e.to_string())
    }
}

impl From<qike_core::progress::StoreError> for SessionError {
    fn from(e: qike_core::progress::StoreError) -> Self {
        SessionError::Store(e.to_string())
    }
}

impl From<qike_core::progress::StoreError> for StoreError {
    fn from(e: qike_core::progress::StoreError) -> Self {
        use qike_core::progress::StoreError as Core;
        let m = e.to_string();
        match e {
            Core::Corrupt { .. } => StoreError::Corrupt(m),
            Core::DiskFull { .. } => StoreError::DiskFull(m),
            Core::Io(_) => StoreError::Io(m),
            Core::FutureSchema { .. } => StoreError::FutureSchema(m),
            Core::InUse { .. } => StoreError::InUse(m),
            Core::Closed => StoreError::Closed(m),
            Core::BadRecord { .. } => StoreError::BadRecord(m),
            Core::Invalid { .. } | Core::JunqiSetup(_) => StoreError::Invalid(m),
            Core::NoSuchProfile(_) => StoreError::NoSuchProfile(m),
            // Class ids as the caller passes them: numbers, not the join code's letters.
            Core::NoSuchClass(class) => {
                StoreError::NoSuchClass(format!("no class with id {}", class.0))
            }
            Core::NotAMember { profile, class } => StoreError::NotAMember(format!(
                "profile {profile} has not joined class {}",
                class.0
            )),
            Core::NoSuchStudent { class, student } => {
                StoreError::NoSuchStudent(format!("class {} has no student {student}", class.0))
            }
            Core::NoSuchAssignment { class, assignment } => StoreError::NoSuchAssignment(format!(
                "class {} has no assignment {assignment}",
                class.0
            )),
            Core::Archived(_) => StoreError::Archived(m),
            Core::JoinCode(j) => j.into(),
            Core::Report(r) => r.into(),
            Core::ClassFile(c) => c.into(),
        }
    }
}

impl From<JoinCodeError> for StoreError {
    fn from(e: JoinCodeError) -> Self {
        let m = e.to_string();
        match e {
            JoinCodeError::WrongLength { .. } => StoreError::WrongLength(m),
            JoinCodeError::BadCharacter(_) => StoreError::BadCharacter(m),
            JoinCodeError::Checksum => StoreError::Checksum(m),
            JoinCodeError::NotAJoinPayload => StoreError::NotAJoinPayload(m),
            JoinCodeError::BadTeacherKey => StoreError::BadTeacherKey(m),
        }
    }
}

impl From<ClassFileError> for StoreError {
    fn from(e: ClassFileError) -> Self {
        let m = e.to_string();
        match e {
            ClassFileError::NotAClassFile => StoreError::NotAClassFile(m),
            ClassFileError::TooLarge => StoreError::Oversize(m),
            ClassFileError::ForeignCharacters | ClassFileError::Malformed(_) => {
                StoreError::Malformed(m)
            }
            ClassFileError::CutShort => StoreError::Truncated(m),
            ClassFileError::FutureVersion { .. } => StoreError::FutureVersion(m),
            ClassFileError::Tampered => StoreError::Tampered(m),
            ClassFileError::ForeignTeacherKey { .. } => StoreError::ForeignTeacherKey(m),
            ClassFileError::UnsignedForPinnedClass { .. } => StoreError::UnsignedClassFile(m),
        }
    }
}

impl From<ReportError> for StoreError {
    fn from(e: ReportError) -> Self {
        let m = e.to_string();
        match e {
            ReportError::Oversize { .. } => StoreError::Oversize(m),
            ReportError::Truncated { .. } => StoreError::Truncated(m),
            ReportError::NotAReport => StoreError::NotAReport(m),
            ReportError::FutureVersion { .. } => StoreError::FutureVersion(m),
            ReportError::WrongClass { .. } => StoreError::WrongClass(m),
            ReportError::UnknownClass(_) => StoreError::UnknownClass(m),
            ReportError::ArchivedClass(_) => StoreError::ArchivedClass(m),
            ReportError::Tampered => StoreError::Tampered(m),
            ReportError::Malformed(_) => StoreError::Malformed(m),
            ReportError::ForeignPupilKey { .. } => StoreError::ForeignPupilKey(m),
            ReportError::UnsignedForPinnedPupil { .. } => StoreError::UnsignedForPinnedPupil(m),
        }
    }
}

impl From<LoadError> for LessonError {
    fn from(e: LoadError) -> Self {
        let m = format!("a shipped course is damaged: {e}");
        match e {
            LoadError::Toml { .. } => LessonError::Toml(m),
            LoadError::NoCourseFile => LessonError::NoCourseFile(m),
            LoadError::DuplicateLesson { .. } => LessonError::DuplicateLesson(m),
            LoadError::MissingLesson { .. } => LessonError::MissingLesson(m),
            LoadError::LessonListedTwice { .. } => LessonError::LessonListedTwice(m),
            LoadError::UnlistedLesson { .. } => LessonError::UnlistedLesson(m),
            LoadError::BadGame(_) => LessonError::BadGame(m),
            LoadError::BadStep { .. } => LessonError::BadStep(m),
        }
    }
}

impl From<ResumeError> for LessonError {
    fn from(e: ResumeError) -> Self {
        let m = e.to_string();
        match e {
            ResumeError::OtherLesson { .. } => LessonError::OtherLesson(m),
            ResumeError::NoSuchStep { .. } => LessonError::NoSuchStep(m),
            ResumeError::BadMoves(_) => LessonError::BadMoves(m),
        }
    }
}

/// Words for a child in both languages, as one message.
fn text_message(text: &qike_core::Text) -> String {
    format!("{} ({})", text.en, text.zh)
}

impl From<junqi::MoveRefusal> for JunqiError {
    fn from(r: junqi::MoveRefusal) -> Self {
        use junqi::MoveRefusal as Core;
        let m = text_message(&r.text());
        match r {
            Core::GameOver => JunqiError::GameOver(m),
            Core::NotYourTurn { .. } => JunqiError::NotYourTurn(m),
            Core::NoPiece(_) => JunqiError::NoPiece(m),
            Core::NotYourPiece(_) => JunqiError::NotYourPiece(m),
            Core::Immobile(_) => JunqiError::Immobile(m),
            Core::InHeadquarters(_) => JunqiError::InHeadquarters(m),
            Core::OwnTeam(_) => JunqiError::OwnTeam(m),
            Core::CampProtected(_) => JunqiError::CampProtected(m),
            Core::Unreachable { .. } => JunqiError::Unreachable(m),
            Core::AlreadyOut(_) => JunqiError::AlreadyOut(m),
        }
    }
}

impl From<junqi::SetupError> for JunqiError {
    fn from(e: junqi::SetupError) -> Self {
        use junqi::SetupError as Core;
        let m = text_message(&e.text());
        match e {
            Core::PieceInCamp { .. } => JunqiError::PieceInCamp(m),
            Core::FlagOutsideHeadquarters { .. } => JunqiError::FlagOutsideHeadquarters(m),
            Core::MineTooFarForward { .. } => JunqiError::MineTooFarForward(m),
            Core::BombOnFrontLine { .. } => JunqiError::BombOnFrontLine(m),
            Core::WrongCount { .. } => JunqiError::WrongCount(m),
        }
    }
}

impl From<junqi::ParseSetupError> for JunqiError {
    fn from(e: junqi::ParseSetupError) -> Self {
        JunqiError::SetupText(format!("the setup text cannot be read: {e}"))
    }
}

impl From<JunqiConfigError> for JunqiError {
    fn from(e: JunqiConfigError) -> Self {
        let m = text_message(&e.text());
        match e {
            JunqiConfigError::NoPerson => JunqiError::NoPerson(m),
            JunqiConfigError::ChildNotPerson(_) => JunqiError::ChildNotPerson(m),
            JunqiConfigError::NoSuchLevel { .. } => JunqiError::NoSuchLevel(m),
            JunqiConfigError::BadSetup { .. } => JunqiError::BadSetup(m),
        }
    }
}

impl From<JunqiPlayError> for JunqiError {
    fn from(e: JunqiPlayError) -> Self {
        let m = text_message(&e.text());
        match e {
            JunqiPlayError::Refused(r) => r.into(),
            JunqiPlayError::ComputerSeat(_) => JunqiError::ComputerSeat(m),
            JunqiPlayError::HandoverPending(_) => JunqiError::HandoverPending(m),
        }
    }
}

impl From<JunqiResumeError> for JunqiError {
    fn from(e: JunqiResumeError) -> Self {
        let m = e.to_string();
        match e {
            JunqiResumeError::Malformed(_) => JunqiError::Malformed(m),
            JunqiResumeError::FutureVersion(_) => JunqiError::FutureVersion(m),
            JunqiResumeError::BadEvent { .. } => JunqiError::BadEvent(m),
            // The table's own variant, with the words of a saved game.
            JunqiResumeError::Table(table) => match JunqiError::from(table) {
                JunqiError::NoPerson(_) => JunqiError::NoPerson(m),
                JunqiError::ChildNotPerson(_) => JunqiError::ChildNotPerson(m),
                JunqiError::NoSuchLevel(_) => JunqiError::NoSuchLevel(m),
                _ => JunqiError::BadSetup(m),
            },
        }
    }
}

impl From<EditRefusal> for JunqiError {
    fn from(e: EditRefusal) -> Self {
        let m = text_message(&e.text());
        match e {
            EditRefusal::Rule(rule) => rule.into(),
            EditRefusal::NotInTray(_) => JunqiError::NotInTray(m),
            EditRefusal::Empty { .. } => JunqiError::Empty(m),
            EditRefusal::OffBoard { .. } => {
                JunqiError::OffBoard(format!("{e}: lines are 1–6, columns 1–5"))
            }
        }
    }
}

impl From<qike_core::progress::StoreError> for JunqiError {
    fn from(e: qike_core::progress::StoreError) -> Self {
        JunqiError::Store(e.to_string())
    }
}
