//! Every string the screens show, in Chinese and English. Screens never hold text of
//! their own: they name a [`Msg`] (or show a lesson's [`Text`]) and [`Lang`] picks.

use bevy::prelude::*;
use qike_core::curriculum::Text;

/// The language the app speaks.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    Zh,
    En,
}

impl Lang {
    /// From a BCP 47 tag (`zh-CN`, `en-GB`, …); anything not English is Chinese, the
    /// language of the course.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.to_ascii_lowercase().starts_with("en") { Lang::En } else { Lang::Zh }
    }

    pub fn tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }

    /// The system's language (`LANG` on Linux, the user's preference on phones).
    pub fn system() -> Lang {
        sys_locale::get_locale().map(|t| Lang::from_tag(&t)).unwrap_or_default()
    }

    pub fn get(self, msg: Msg) -> &'static str {
        let (zh, en) = msg.texts();
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }

    /// A message with `{name}` placeholders filled in.
    pub fn fill(self, msg: Msg, values: &[(&str, &str)]) -> String {
        let mut out = self.get(msg).to_owned();
        for (name, value) in values {
            out = out.replace(&format!("{{{name}}}"), value);
        }
        out
    }

    /// A lesson text in this language.
    pub fn text(self, text: &Text) -> String {
        match self {
            Lang::Zh => text.zh.clone(),
            Lang::En => text.en.clone(),
        }
    }
}

macro_rules! messages {
    ($($name:ident => ($zh:expr, $en:expr),)*) => {
        /// A string of the app's own (not lesson content).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Msg { $($name,)* }

        impl Msg {
            /// Every message, for the completeness test.
            pub const ALL: &'static [Msg] = &[$(Msg::$name,)*];

            pub fn texts(self) -> (&'static str, &'static str) {
                match self { $(Msg::$name => ($zh, $en),)* }
            }
        }
    };
}

messages! {
    AppTitle => ("棋课", "Qike"),
    Loading => ("正在打开……", "Opening…"),
    WhoIsPlaying => ("谁来学棋？", "Who is playing?"),
    NewProfile => ("＋ 新同学", "+ New player"),
    ChooseAvatar => ("选一个头像", "Choose a picture"),
    YourName => ("你的名字（可以用键盘输入）", "Your name (type it on the keyboard)"),
    Create => ("开始", "Start"),
    Cancel => ("取消", "Cancel"),
    Back => ("返回", "Back"),
    Hello => ("你好，", "Hello, "),
    Xiangqi => ("中国象棋", "Xiangqi"),
    Go => ("围棋", "Go"),
    Chess => ("国际象棋", "Chess"),
    Gomoku => ("五子棋", "Gomoku"),
    ComingSoon => ("即将推出", "Coming soon"),
    Lessons => ("上课", "Lessons"),
    PlayAi => ("和电脑下棋", "Play the computer"),
    Progress => ("我的进步", "My progress"),
    Settings => ("设置", "Settings"),
    SwitchPlayer => ("换人", "Switch player"),
    Course => ("课程", "Course"),
    Locked => ("未解锁", "Locked"),
    Next => ("下一课", "Next up"),
    Done => ("完成", "Done"),
    PrevUnit => ("◀ 上一单元", "◀ Previous"),
    NextUnit => ("下一单元 ▶", "Next ▶"),
    Step => ("第", "Step "),
    StepOf => ("步", ""),
    Continue => ("继续", "Continue"),
    Hint => ("提示", "Hint"),
    HintFree => ("提示（免费）", "Hint (free)"),
    Practice => ("每日练习", "Daily practice"),
    PracticeNone => ("学完一课以后，这一课的题目就会来这里让你练习。", "Finish a lesson and its puzzles come here for practice."),
    PracticeToday => ("今天 {n} 道题：复习 {due} 道，新题 {new} 道。", "Today: {n} puzzles, {due} to review and {new} new."),
    PracticeTodayHomework => ("今天 {n} 道题：作业 {homework} 道，复习 {due} 道，新题 {new} 道。", "Today: {n} puzzles, {homework} of homework, {due} to review and {new} new."),
    PracticeSummary => ("练完了！一次做对 {solved} 道，共 {n} 道。", "Done! {solved} of {n} solved at the first try."),
    PracticeReview => ("复习", "review"),
    PracticeNew => ("新题", "new"),
    PracticeHomework => ("作业", "homework"),
    PracticeRating => ("解题分 {rating}（{change}）", "puzzle rating {rating} ({change})"),
    PracticeStart => ("开始练习", "Start"),
    PracticeContinue => ("接着练", "Go on"),
    PracticeSolved => ("一次就做对了，真棒！", "Solved at the first try!"),
    PracticeMissed => ("做出来了！过几天这道题还会再来。", "Solved! This one comes back in a few days."),
    NextPuzzle => ("下一题", "Next puzzle"),
    PracticeResults => ("看看练得怎么样", "See how it went"),
    Retry => ("重来", "Try again"),
    Skip => ("跳过", "Skip"),
    Correct => ("对了！", "Right!"),
    NotThis => ("不对哦。", "Not that one."),
    LessonComplete => ("这一课完成了！", "Lesson complete!"),
    BackToCourse => ("回到课程", "Back to the course"),
    NextLesson => ("下一课", "Next lesson"),
    TapPiece => ("点一个棋子，再点要去的地方。", "Tap a piece, then tap where it goes."),
    PlaceFromTray => ("先点下面的棋子，再点棋盘上的位置。", "Tap a piece below, then its point on the board."),
    Level => ("难度", "Level"),
    Suggested => ("推荐", "Suggested"),
    PlayRed => ("执红先走", "Play red (first)"),
    PlayBlack => ("执黑后走", "Play black (second)"),
    StartGame => ("开始下棋", "Start the game"),
    ResumeGame => ("继续上一局", "Continue last game"),
    YourTurn => ("轮到你了", "Your move"),
    Thinking => ("电脑思考中", "Thinking"),
    Undo => ("悔棋", "Undo"),
    Resign => ("认输", "Resign"),
    OfferDraw => ("求和", "Offer draw"),
    DrawDeclined => ("电脑不同意和棋，继续下吧。", "The computer wants to play on."),
    HintSays => ("提示：", "Hint: "),
    Threat => ("小心对方：", "Watch out for: "),
    Moves => ("着法", "Moves"),
    YouWon => ("你赢了！", "You won!"),
    YouLost => ("这局输了，再来一局！", "You lost this one. Play again!"),
    Drawn => ("和棋", "Draw"),
    Review => ("复盘", "Review"),
    Reviewing => ("正在复盘……", "Reviewing…"),
    NoMistakes => ("没有明显的失误，真棒！", "No clear mistakes. Well played!"),
    Better => ("更好：", "Better: "),
    Blunder => ("大错", "Blunder"),
    Mistake => ("错着", "Mistake"),
    Inaccuracy => ("缓着", "Inaccuracy"),
    PlayAgain => ("再来一局", "Play again"),
    Home => ("首页", "Home"),
    LessonsDone => ("完成的课", "Lessons done"),
    ProgressLine => (
        "课 {done}/{total} · ★ {stars}/{max} · 谜题 {puzzles} 道 · 谜题分 {rating}",
        "Lessons {done}/{total} · ★ {stars}/{max} · {puzzles} puzzles · puzzle rating {rating}"
    ),
    StarsPerUnit => ("每个单元的星", "Stars per unit"),
    RatingOverTime => ("对局等级分 {rating}", "Game rating {rating}"),
    NoRatedGames => ("和电脑下一局，这里就有曲线", "Play the computer to start the line"),
    NotStarted => ("还没开始学，去上第一课吧", "Not started yet: try the first lesson"),
    LevelsPlayed => ("对电脑：{levels}", "Against the computer: {levels}"),
    LevelScore => ("{level}级 {won}胜{drawn}和{lost}负", "L{level} {won}-{drawn}-{lost}"),
    StarsEarned => ("得到的星", "Stars earned"),
    GamesByLevel => ("各难度对局（胜/和/负）", "Games by level (won/drawn/lost)"),
    NoGames => ("还没有下过棋。", "No games yet."),
    SuggestedLevel => ("建议难度", "Suggested level"),
    Language => ("语言", "Language"),
    FollowSystem => ("跟随系统", "System"),
    Sound => ("声音", "Sound"),
    On => ("开", "On"),
    Off => ("关", "Off"),
    PieceStyle => ("棋子样式", "Pieces"),
    StyleCharacters => ("汉字", "Characters"),
    StyleLetters => ("字母", "Letters"),
    StoreBroken => ("学习记录打不开了。", "Your progress could not be opened."),
    StoreBrokenDetail => ("老师可以选择重新开始：旧的记录会保存在一边，不会删除。", "You can start fresh: the old records are moved aside, not deleted."),
    StartFresh => ("重新开始", "Start fresh"),
    AskTeacher => ("请让老师帮忙。", "Please ask your teacher for help."),
    TeacherDetails => ("给老师看的详情", "Details for the teacher"),
    TroubleDamaged => ("学习记录坏了，打不开。", "Your progress is damaged and cannot be opened."),
    TroubleFull => ("设备存储空间满了，记录存不下。", "The device is full: progress cannot be saved."),
    TroubleInUse => ("棋课在别处开着，先关掉它。", "Qike is open somewhere else: close it first."),
    TroubleNewerApp => ("这些记录来自更新的棋课，请先更新。", "These records are from a newer Qike: update first."),
    TryAgain => ("再试一次", "Try again"),
    SaveFailed => ("保存失败：", "Could not save: "),
    RedWins => ("红方胜", "Red wins"),
    BlackWins => ("黑方胜", "Black wins"),
    ByCheckmate => ("将死", "checkmate"),
    ByNoMove => ("困毙", "no legal move"),
    ByResignation => ("认输", "resignation"),
    ByRepetition => ("长将/长捉判负", "forbidden repetition"),
    ReplayBack => ("◀", "◀"),
    ReplayForward => ("▶", "▶"),
    Play => ("下棋", "Play"),
    Opponent => ("对手", "Opponent"),
    TwoPlayers => ("两人对弈", "Two players"),
    TwoPlayersNote => ("两个人用一台设备轮流下。", "Two players take turns on one device."),
    PlayWhite => ("执白先走", "Play white (first)"),
    PlayBlackFirst => ("执黑先走", "Play black (first)"),
    PlayWhiteSecond => ("执白后走", "Play white (second)"),
    BoardSize => ("棋盘", "Board"),
    GoEven => ("分先", "Even"),
    GoNoKomi => ("让先", "No komi"),
    GoHandicap => ("让子", "Handicap"),
    Freestyle => ("自由规则", "Freestyle"),
    Standard => ("标准规则", "Standard"),
    Renju => ("连珠规则", "Renju"),
    FreestyleAbout => ("五子或更多连成一线就赢。", "Five or more in a row wins."),
    StandardAbout => ("正好五子连成一线才赢，六子不算。", "Exactly five in a row wins; six do not."),
    RenjuAbout => ("黑棋不能下三三、四四和长连（禁手）。", "Black may not make a double three, a double four or six in a row."),
    Opening => ("开局", "Opening"),
    FreeOpening => ("自由开局", "Free opening"),
    BlackLoses => ("黑必败", "lost for black"),
    WhiteWins => ("白方胜", "White wins"),
    Pass => ("停一手", "Pass"),
    BothPassed => ("双方都停了一手，开始数子。", "Both passed: time to count."),
    Count => ("数子", "Counting"),
    Counting => ("数子：点一块棋，标记它是死是活。", "The count: tap a group to mark it dead or alive."),
    ResumePlay => ("继续下棋", "Play on"),
    AgreeCount => ("确认结果", "Agree the count"),
    PromoteTo => ("兵升变为：", "The pawn becomes:"),
    Queen => ("后 Q", "Queen Q"),
    Rook => ("车 R", "Rook R"),
    Bishop => ("象 B", "Bishop B"),
    Knight => ("马 N", "Knight N"),
    DrawAsk => ("对方同意和棋吗？同意就按“同意和棋”。", "Does the other player agree to a draw? Then press Agree draw."),
    AcceptDraw => ("同意和棋", "Agree draw"),
    NoEngineMove => ("电脑没有找到着法。", "The computer found no move."),
    MovesPlayed => ("共 {n} 手", "{n} moves"),
    ByTimeout => ("超时", "time"),
    ByCount => ("数子", "the count"),
    ByFive => ("五子连珠", "five in a row"),
    ByForbidden => ("禁手", "a forbidden move"),
    ByAgreement => ("双方同意", "agreement"),
    ByStalemate => ("逼和", "stalemate"),
    ByRepeat => ("重复局面", "repetition"),
    ByFiftyMoves => ("五十回合规则", "the fifty-move rule"),
    ByMoveLimit => ("自然限着", "the move limit"),
    ByMaterial => ("子力不足，无法将死", "insufficient material"),
    ByBoardFull => ("棋盘下满", "a full board"),
    ByEqualCount => ("数子相等", "an equal count"),
    GamesByKind => ("各种棋的对局（胜/和/负）", "Games (won/drawn/lost)"),
    TwoPlayerGames => ("两人对弈 {n} 局", "{n} two-player games"),
    Coordinates => ("坐标", "Coordinates"),
    TeacherMode => ("我是老师", "I'm a teacher"),
    TeacherClasses => ("我的班级（老师）", "My classes (teacher)"),
    ClassPage => ("班级", "Class"),
    Dashboard => ("学习情况", "Dashboard"),
    PupilPage => ("学生", "Pupil"),
    LessonPlans => ("教案", "Lesson plans"),
    ImportReports => ("导入学生报告", "Import reports"),
    NewClass => ("＋ 新建班级", "+ New class"),
    NoClasses => ("还没有班级。", "No classes yet."),
    ClassDefaultName => ("象棋班 {n}", "Xiangqi class {n}"),
    PupilCount => ("{n} 名学生", "{n} pupils"),
    Archived => ("已归档", "archived"),
    Open => ("打开", "Open"),
    Rename => ("改名", "Rename"),
    SaveName => ("保存名字", "Save name"),
    JoinCodeLabel => ("加入码（学生输入或扫码）：", "Join code (pupils type or scan it):"),
    ScanToJoin => ("用棋课扫一扫加入班级", "Scan with Qike to join the class"),
    ExportCsv => ("导出表格 CSV", "Export CSV"),
    ArchiveClass => ("归档班级", "Archive class"),
    SavedTo => ("已保存到：", "Saved to: "),
    GridLegend => ("金色＝完成（越深星越多）  蓝色＝学习中  灰色＝未开始", "gold = done (darker = more stars)  blue = started  grey = not started"),
    NeedsHelp => ("需要帮助的学生", "Who needs help"),
    TeacherLock => ("老师入口", "Teacher mode"),
    SetPin => ("第一次进入：设置老师密码", "First time: set a teacher PIN"),
    PinAgain => ("再输一次同样的密码", "Type the same PIN again"),
    EnterPin => ("请输入老师密码", "Type the teacher PIN"),
    PinDigits => ("密码是 4 到 8 位数字", "The PIN is 4 to 8 digits"),
    PinTooShort => ("密码至少 4 位数字", "The PIN needs at least 4 digits"),
    PinsDiffer => ("两次输入的不一样，请重新设置", "The two PINs differ: set it again"),
    WrongPinTriesLeft => ("密码不对，还可以再试 {n} 次", "Wrong PIN; {n} more tries before a wait"),
    PinWait => (
        "密码错了好几次，请 {seconds} 秒后再试，或用恢复码",
        "Too many wrong PINs: try again in {seconds} s, or use the recovery code"
    ),
    ForgotPin => ("忘记密码", "Forgot the PIN"),
    TypeRecoveryCode => ("输入恢复码", "Type the recovery code"),
    NewPinBelow => ("再用下面的数字键输入新密码", "Then type a new PIN below"),
    WrongRecoveryCode => ("恢复码不对", "That recovery code is wrong"),
    RecoveryCodeIntro => ("请记下恢复码，忘记密码时用它：", "Write down this recovery code for a forgotten PIN:"),
    RecoveryCodeKeep => ("它只显示这一次，请放在学生拿不到的地方。", "It is shown only once: keep it where pupils cannot see it."),
    RecoveryCodeNoted => ("我记下了", "I wrote it down"),
    Confirm => ("确定", "OK"),
    SortByName => ("按名字", "By name"),
    SortByProgress => ("按进度", "By progress"),
    SortByActive => ("按最近", "By last active"),
    DashboardCounts => ("{n} 名学生 · 第 {from} 至 {to} 名", "{n} pupils · {from} to {to}"),
    ShowOnDemoBoard => ("在演示棋盘上讲", "Show on the demo board"),
    AssignLesson => ("布置为作业", "Set as homework"),
    PrevRows => ("上一页", "Back"),
    NextRows => ("下一页", "More"),
    ExportCsvShort => ("导出", "CSV"),
    ColumnUnits => ("单元", "Units"),
    ColumnDone => ("完成", "Done"),
    ColumnActive => ("最近", "Active"),
    ColumnHomework => ("作业", "Homework"),
    NotOpenedYet => ("还没打开这一课", "Not opened yet"),
    DaysShort => ("{n}天前", "{n}d ago"),
    LessonRecordLine => (
        "{state} · 试了 {tries} 次 · 错 {mistakes} 次 · 提示 {hints} 次 · {minutes} 分钟",
        "{state} · {tries} tries · {mistakes} mistakes · {hints} hints · {minutes} min"
    ),
    NobodyBehind => ("大家都在进步！", "Everyone is making progress!"),
    InactiveDays => ("{n} 天没有学习", "nothing for {n} days"),
    NoActivityYet => ("还没有学习记录", "no activity yet"),
    Overdue => ("作业过期", "overdue"),
    StuckOn => ("卡在“{lesson}”", "stuck on “{lesson}”"),
    Today => ("今天", "today"),
    DaysAgo => ("{n} 天前", "{n} days ago"),
    LastActivity => ("最近学习：", "Last activity: "),
    PupilSuggestedLevel => ("建议的电脑级别：", "Suggested computer level: "),
    PupilPuzzleScore => ("做题：做对 {solved} 道，共做 {tried} 道", "puzzles: {solved} of {tried} solved"),
    TriesSoFar => ("学习中（{n} 次）", "started ({n} tries)"),
    PupilGamesByLevel => ("和电脑下棋（按级别）", "Games against the computer by level"),
    NoGamesYet => ("还没有下过棋", "no games yet"),
    LevelLine => ("{game} 第 {level} 级：胜 {won} 和 {drawn} 负 {lost}", "{game} level {level}: won {won}, drawn {drawn}, lost {lost}"),
    PlanTime => ("{periods} 课时 · 应用内约 {minutes} 分钟", "{periods} periods · about {minutes} minutes in the app"),
    PlanContent => ("教学内容", "Content"),
    PlanObjectives => ("教学目标", "Objectives"),
    PlanKeyPoints => ("重点难点", "Key points"),
    PlanMaterials => ("教学准备", "Materials"),
    PlanProcess => ("教学过程", "Process"),
    PlanSummary => ("课堂小结", "Summary"),
    ImportHow => ("粘贴一份报告，或输入文件或文件夹的路径；留空就导入收件箱文件夹里的全部报告。", "Paste a report, or type a file or folder path; leave it empty to import every report in the inbox folder."),
    InboxFolder => ("收件箱文件夹：", "Inbox folder: "),
    ImportInbox => ("导入收件箱里的全部报告", "Import every report in the inbox"),
    ImportThis => ("导入", "Import"),
    ImportSummary => ("导入结果", "Import summary"),
    ImportNew => ("新学生：{n}", "New pupils: {n}"),
    ImportUpdated => ("已更新：{n}", "Updated: {n}"),
    ImportAlready => ("已经导入过：{n}", "Already had: {n}"),
    ImportRejected => ("被拒绝：{n}", "Rejected: {n}"),
    RefusedWrongClass => ("这是别的班级的报告", "this report is for another class"),
    RefusedUnknownClass => ("这台设备上没有这个班级", "this device does not teach that class"),
    RefusedArchived => ("班级已归档，不再接收报告", "the class is archived and takes no more reports"),
    RefusedTampered => ("报告被改动过（签名不对）", "the report was changed after it was signed"),
    RefusedTruncated => ("报告不完整（被截断了）", "the report is cut short"),
    RefusedNewer => ("报告来自更新版本的棋课，请先更新应用", "the report comes from a newer Qike: update the app"),
    RefusedTooLarge => ("报告太大", "the report is too large"),
    RefusedNotAReport => ("这不是棋课的报告", "this is not a Qike report"),
    RefusedUnreadable => ("文件读不出来", "the file could not be read"),
    MyClasses => ("我的班级", "My classes"),
    TypeJoinCode => ("输入老师给的加入码（或收进度的短码）：", "Type your teacher's join code (or the collection's short code):"),
    UseShortCode => ("用这个短码发送", "Send with this code"),
    TakeClassFile => ("收下作业", "Take the homework"),
    Paste => ("粘贴", "Paste"),
    ClipboardEmpty => ("剪贴板里没有文字", "The clipboard holds no text"),
    ShortCodeTypo => ("短码有输错的地方，请对照老师的屏幕再输一次", "The short code has a typing mistake: check it against the teacher's screen"),
    ShortCodeNoted => ("记下了老师的短码 {code}：点“发送我的进步”", "Teacher's code {code} noted: tap “Send my progress”"),
    NoDiscovery => ("（这台设备找不到网络上的老师：{why}；可以输入短码）", "(this device cannot look for the teacher on the network: {why}; type the short code)"),
    NoCollectionInReach => ("附近没有老师在收进度，进度已存成文件：", "No teacher is collecting nearby; your progress was saved as a file:"),
    Sending => ("正在发送……", "Sending…"),
    WaitingForTeacher => ("等老师点“接受”……", "Waiting for your teacher to accept…"),
    Delivered => ("已送达 ✓", "Delivered ✓"),
    DeliveredWithHomework => ("已送达 ✓ 作业也更新了", "Delivered ✓ and homework updated"),
    DeliveredAlready => ("已送达 ✓（老师已经有这份进度）", "Delivered ✓ (your teacher had it already)"),
    NotSent => ("没送到：{why}", "Not sent: {why}"),
    TeacherCollecting => ("{teacher} · {class} 正在收进度", "{teacher} · {class} is collecting"),
    SendByShortCode => ("将用短码发送", "Will send with the short code"),
    NoCollectionYet => ("老师还没开始收进度", "Your teacher is not collecting now"),
    JoinClass => ("加入班级", "Join the class"),
    Joined => ("加入成功！", "You joined the class!"),
    ClassNumber => ("班级 {id}", "Class {id}"),
    SendProgress => ("发送我的进步", "Send my progress"),
    OrCopyText => ("也可以复制下面的文字发给老师：", "Or copy this text to your teacher:"),
    CodeWrongLength => ("加入码的长度不对：一共 24 个字母和数字", "The code has the wrong length: 24 letters and digits"),
    CodeBadCharacter => ("加入码里有不用的字符（没有 I、O、0、1）", "The code has a character codes never use (no I, O, 0 or 1)"),
    CodeTypo => ("加入码有输错的地方，请再核对一下", "The code has a typing mistake: check it again"),
    CodeNotQike => ("这不是棋课的班级码", "This is not a Qike class code"),
    RefusedForeignKey => ("签名的钥匙不是这个学生的：报告不是从他的设备发出的", "signed with a key that is not this pupil's: it did not come from their device"),
    RefusedUnsigned => ("这个学生的报告本来都有签名，这份却没有", "this pupil's reports are signed, but this one is not"),
    Homework => ("作业", "Homework"),
    MyHomework => ("我的作业", "My homework"),
    HomeworkDone => ("按时完成", "done"),
    HomeworkLate => ("迟交", "late"),
    HomeworkMissing => ("没交", "missing"),
    HomeworkOpen => ("进行中", "to do"),
    HomeworkCounts => ("{title}（{due}）：按时 {done} · 迟交 {late} · 没交 {missing} · 进行中 {open}", "{title} ({due}): done {done} · late {late} · missing {missing} · to do {open}"),
    DueIn => ("{n} 天后截止", "due in {n} days"),
    DueToday => ("今天截止", "due today"),
    DueAgo => ("{n} 天前截止", "due {n} days ago"),
    PickLessons => ("选出要布置的课（再点一下取消）：", "Pick the lessons to set (tap again to take one off):"),
    SetHomework => ("布置作业（{n} 项）", "Set homework ({n} items)"),
    HomeworkItems => ("{n} 项", "{n} items"),
    PickPuzzles => ("选出要布置的谜题（再点一下取消）：", "Pick the puzzles to set (tap again to take one off):"),
    PickLessonsTab => ("课", "Lessons"),
    PickPuzzlesTab => ("谜题", "Puzzles"),
    PuzzleOf => ("{lesson} · 谜题 {n}", "{lesson} · puzzle {n}"),
    ShareClassFile => ("生成班级文件", "Make the class file for pupils"),
    ClassFileSaved => ("班级文件已保存（发给学生导入）：", "Class file saved (send it to pupils): "),
    ClassFileTaken => ("已收到老师的作业！", "Homework from your teacher received!"),
    RedSide => ("红方", "Red"),
    StreakDays => ("连续 {n} 天", "{n}-day streak"),
    ContinueLesson => ("继续：第 {n} 课", "Continue: lesson {n}"),
    CourseLessonsDone => ("已学 {done} / {all} 课", "{done} of {all} lessons"),
    NoClock => ("不计时", "No clock"),
    ClockLabel => ("时间：{t}", "Clock: {t}"),
    BlackSide => ("黑方", "Black"),
    WhiteSide => ("白方", "White"),
    GoCaptured => ("提子 {n}", "{n} captured"),
    GoKomiShort => ("数子时先得 {n} 子", "gets {n} at the count"),
    Collect => ("收进度", "Collect progress"),
    CollectCount => ("已收到 {got} / {all}", "{got} of {all} in"),
    CollectMissing => ("还差 {n} 人 · 正在收（同一个网络里的学生点“发送我的进步”）", "{n} missing · collecting (pupils on this network tap “Send my progress”)"),
    CollectStopped => ("已停止收进度", "Collection stopped"),
    CollectNewPupil => ("新同学：{name}", "New pupil: {name}"),
    CollectNewDevice => ("新设备：{name}", "New device: {name}"),
    CollectAccept => ("接受", "Accept"),
    CollectAccepted => ("已接受", "Accepted"),
    CollectRefused => ("没收下：{why}", "Refused: {why}"),
    CollectCodeHint => ("找不到老师？在“我的班级”输入这个短码：", "Can't find the teacher? Type this code in “My classes”:"),
    CollectNotAnnounced => ("（这个网络上无法自动发现：{why}）", "(not visible on this network by itself: {why})"),
    CollectStop => ("停止收进度", "Stop collecting"),
    CollectStart => ("再收一次", "Collect again"),
    DemoBoard => ("演示棋盘", "Demo board"),
    DemoMove => ("走子", "Move"),
    DemoPlace => ("摆子", "Place"),
    DemoRemove => ("拿掉", "Remove"),
    DemoArrow => ("箭头", "Arrow"),
    DemoMark => ("标记", "Mark"),
    DemoClearDrawings => ("擦掉标注", "Wipe drawings"),
    DemoClearBoard => ("清空棋盘", "Empty board"),
    DemoReset => ("重新摆好", "Start position"),
    DemoLessonPositions => ("课程里的局面：", "Positions from a lesson:"),
    UnverifiedPupil => ("未验证的学生：只收到过旧版应用的报告（名字后有“？”）", "Unverified pupil: only reports from an older app so far (marked “?”)"),
    Tournaments => ("比赛", "Tournaments"),
    TourFromClass => ("用本班名单办比赛", "Tournament for this class"),
    TourTitle => ("办一场比赛", "A tournament"),
    TourDefaultName => ("班级赛", "Class tournament"),
    TourPlayersTyped => ("参赛选手：{n} 人", "Players: {n}"),
    TourNamesHow => ("输入选手名字，用逗号或顿号隔开；也可以在班级页面用班级名单开始。", "Type the players' names separated by commas, or start from a class page with its roster."),
    TourSystem => ("赛制", "System"),
    TourRoundRobin => ("单循环", "Round robin"),
    TourDoubleRoundRobin => ("双循环", "Double round robin"),
    TourSwiss => ("积分编排（瑞士制）", "Swiss"),
    TourKnockout => ("单败淘汰", "Knockout"),
    TourDoubleElimination => ("双败淘汰", "Double elimination"),
    TourRounds => ("{n} 轮", "{n} rounds"),
    TourScoring => ("计分（胜 · 和 · 负）", "Scoring (win · draw · loss)"),
    TourCreate => ("开始比赛，编排第一轮", "Start: pair round 1"),
    TourRoundOf => ("第 {n} 轮 / 共 {of} 轮", "Round {n} of {of}"),
    TourTableHead => ("台号 · 先手与后手 · 点一下记录结果（先手的分在前）", "Table · first and second side · tap the result (first side's score first)"),
    TourBye => ("轮空", "bye"),
    TourFirst => ("先", "1st"),
    TourSecond => ("后", "2nd"),
    TourUndo => ("撤销", "Undo"),
    TourPairNext => ("编排下一轮", "Pair next round"),
    TourStandings => ("成绩排名", "Standings"),
    TourPairings => ("对阵表", "Pairings"),
    TourCrosstable => ("成绩总表", "Crosstable"),
    TourExport => ("导出 CSV/TRF", "Export CSV/TRF"),
    TourChampion => ("比赛结束，冠军：{name}", "The event is over. Winner: {name}"),
    TourOver => ("比赛结束", "The event is over"),
    TourRank => ("名次", "Rank"),
    TourName => ("姓名", "Name"),
    TourPoints => ("积分", "Points"),
    TourNew => ("再办一场", "New tournament"),
    TourPlayers => ("补报名 · 退赛", "Late entries · withdrawals"),
    TourLateEntry => ("补报名：输入名字，在编排下一轮之前加入", "Late entry: type a name; they join from the next round paired"),
    TourAdd => ("加入", "Add"),
    TourWithdrawHow => ("退赛的选手从下一轮起不再编排，已赛的对局保留。", "A withdrawn player is not paired from the next round on; their games so far stay."),
    TourWithdraw => ("退赛", "Withdraw"),
    TourWithdrawn => ("已退赛", "withdrawn"),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_has_both_languages() {
        for &m in Msg::ALL {
            let (zh, en) = m.texts();
            assert!(!zh.is_empty(), "{m:?} has no Chinese");
            // StepOf is a suffix only Chinese needs ("第 3 步" vs "Step 3").
            assert!(!en.is_empty() || m == Msg::StepOf, "{m:?} has no English");
        }
    }

    #[test]
    fn tags_pick_the_language() {
        assert_eq!(Lang::from_tag("en-US"), Lang::En);
        assert_eq!(Lang::from_tag("zh-Hans-CN"), Lang::Zh);
        assert_eq!(Lang::from_tag("fr"), Lang::Zh);
        assert_eq!(Lang::from_tag(Lang::En.tag()), Lang::En);
    }
}
