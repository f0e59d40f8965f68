//! The real app rendered under Xvfb with software Vulkan (Mesa lavapipe): the saved
//! screenshot must show the board where the layout says — lines, the palace diagonal,
//! a red and a black piece — not merely a non-blank frame. At a phone's 1080×2340 every
//! screen is saved, and the board of each game is checked the same way: chess squares
//! and pieces, Go and gomoku lines, stones and marks, coordinates, the promotion choice.
//!
//! Needs `Xvfb` and a Vulkan driver (Debian: xvfb, mesa-vulkan-drivers); `.ci/run`
//! installs them. Elsewhere the test says why it skipped.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use bevy::math::Vec2;
use qike_app::junqi_board::Geometry;
use qike_app::layout::BoardLayout;
use qike_app::screens::play::{board_area, promotion_rects};
use qike_app::ui::Frame;
use qike_core::junqi::{Seat, Station};
use qike_core::{GameKind, GomokuRule, Placement, Point};

const WIDTH: u32 = 540;
const HEIGHT: u32 = 1170;

struct Xvfb(Child);

impl Drop for Xvfb {
    fn drop(&mut self) {
        // SIGTERM, not SIGKILL: Xvfb then removes its lock file and socket, which a
        // killed server would leave behind for later runs to trip over.
        let terminated = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        if !terminated {
            let _ = self.0.kill();
        }
        let _ = self.0.wait();
    }
}

fn start_xvfb() -> Result<(Xvfb, String), String> {
    // `-displayfd 1`: Xvfb picks a free display itself and writes its number to stdout
    // once it accepts connections, so parallel tests and leftovers of earlier runs
    // never collide.
    let mut child = Command::new("Xvfb")
        .args(["-displayfd", "1", "-screen", "0", "1600x2400x24", "-nolisten", "tcp"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("Xvfb not available ({e}); apt-get install xvfb"))?;
    let stdout = child.stdout.take().ok_or("Xvfb has no stdout")?;
    let xvfb = Xvfb(child);
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line)
        .map_err(|e| format!("reading Xvfb's display number: {e}"))?;
    let number: u32 =
        line.trim().parse().map_err(|_| format!("Xvfb did not start (it printed {line:?})"))?;
    Ok((xvfb, format!(":{number}")))
}

fn has_vulkan_driver() -> bool {
    ["/usr/share/vulkan/icd.d", "/etc/vulkan/icd.d"]
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .any(|e| e.map(|e| e.path().extension().is_some_and(|x| x == "json")).unwrap_or(false))
}

struct Png {
    width: u32,
    rgb: Vec<[u8; 3]>,
}

impl Png {
    fn load(path: &Path) -> Png {
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let channels = info.color_type.samples();
        let rgb = buf[..info.buffer_size()].chunks(channels).map(|c| [c[0], c[1], c[2]]).collect();
        Png { width: info.width, rgb }
    }

    fn at(&self, p: Vec2) -> [u8; 3] {
        self.rgb[(p.y as u32 * self.width + p.x as u32) as usize]
    }

    /// Pixels in a square of half-size `r` around `c` that satisfy `pred`.
    fn count(&self, c: Vec2, r: f32, pred: impl Fn([u8; 3]) -> bool) -> usize {
        let mut n = 0;
        let r = r as i32;
        for dy in -r..=r {
            for dx in -r..=r {
                if pred(self.at(c + Vec2::new(dx as f32, dy as f32))) {
                    n += 1;
                }
            }
        }
        n
    }
}

fn dark([r, g, b]: [u8; 3]) -> bool {
    (r as u32 + g as u32 + b as u32) < 300
}
fn red([r, g, b]: [u8; 3]) -> bool {
    r > 140 && g < 90 && b < 90
}
fn black([r, g, b]: [u8; 3]) -> bool {
    r < 70 && g < 70 && b < 70
}
fn wood([r, g, b]: [u8; 3]) -> bool {
    (r as i32 - 237).abs() < 20 && (g as i32 - 204).abs() < 20 && (b as i32 - 143).abs() < 25
}

/// Runs the real app on one demo screen and saves a screenshot.
fn shoot(display: &str, screen: &str, size: (u32, u32), data: &Path, out: &Path) {
    let _ = std::fs::remove_file(out);
    let status = Command::new(env!("CARGO_BIN_EXE_qike-app"))
        .args(["--size", &format!("{}x{}", size.0, size.1), "--screen", screen, "--data"])
        .arg(data)
        .arg("--screenshot")
        .arg(out)
        .env("DISPLAY", display)
        .env_remove("WAYLAND_DISPLAY")
        .env("WGPU_BACKEND", "vulkan")
        .env("RUST_LOG", "warn")
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .status()
        .expect("start qike-app");
    assert!(status.success(), "qike-app --screen {screen} exited with {status}");
    assert!(out.exists(), "no screenshot written to {out:?}");
}

/// Where the screenshots of every screen go: `<target>/screenshots/`.
fn screenshot_dir() -> PathBuf {
    // CARGO_TARGET_TMPDIR is <target>/tmp.
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().unwrap_or(&tmp).join("screenshots")
}

fn xvfb_or_skip() -> Option<(Xvfb, String)> {
    if !has_vulkan_driver() {
        eprintln!("SKIPPED render test: no Vulkan driver (apt-get install mesa-vulkan-drivers)");
        return None;
    }
    match start_xvfb() {
        Ok(x) => Some(x),
        Err(reason) => {
            eprintln!("SKIPPED render test: {reason}");
            None
        }
    }
}

#[test]
fn the_app_renders_the_board_where_the_layout_says() {
    let Some((_xvfb, display)) = xvfb_or_skip() else { return };
    let out_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let shot = out_dir.join("play-540x1170.png");
    let data = tempfile::tempdir().unwrap();
    shoot(&display, "play", (WIDTH, HEIGHT), data.path(), &shot);
    println!("screenshot: {}", shot.display());

    let png = Png::load(&shot);
    assert_eq!(png.width, WIDTH, "screenshot width");
    let frame = Frame::of(Vec2::new(WIDTH as f32, HEIGHT as f32));
    let layout = BoardLayout::fit_board(board_area(&frame), 9, 10, Placement::Intersections, true);
    let cell = layout.cell;
    let c = |f: u8, r: u8| layout.center(Point::new(f, r));
    // The demo game: 炮二平五 马8进7 马二进三 车9平8, red's left cannon picked up.

    // Wood in the middle of an empty square.
    let square = (c(2, 1) + c(3, 2)) / 2.0;
    assert!(png.count(square, cell * 0.2, wood) > 50, "no board colour at {square}");
    // A rank line between two empty points, and a file line.
    let on_rank = (c(3, 4) + c(4, 4)) / 2.0;
    assert!(png.count(on_rank, 2.0, dark) >= 3, "no rank line at {on_rank}");
    let on_file = (c(7, 0) + c(7, 1)) / 2.0;
    assert!(png.count(on_file, 2.0, dark) >= 3, "no file line at {on_file}");
    // Nothing dark in the middle of the river between the lines of an inner file.
    let river = (c(4, 4) + c(4, 5)) / 2.0 + Vec2::new(cell * 0.5, 0.0);
    assert!(png.count(river, 1.0, dark) == 0, "an inner file crosses the river at {river}");
    // The red palace's diagonal, between the advisor corner and the centre.
    let diagonal = (c(3, 0) + c(4, 1)) / 2.0;
    assert!(png.count(diagonal, 2.0, dark) >= 2, "no palace diagonal at {diagonal}");
    // Red general (帅) drawn in red, black general (将) in black.
    let r = cell * 0.3;
    let red_general = png.count(c(4, 0), r, red);
    assert!(red_general > 20, "red general: {red_general} red pixels");
    assert_eq!(png.count(c(4, 9), r, red), 0, "black general has red pixels");
    let black_general = png.count(c(4, 9), r, black);
    assert!(black_general > 20, "black general: {black_general} black pixels");
    // Red soldiers and black soldiers at their start points; the moved cannon on e2.
    assert!(png.count(c(0, 3), r, red) > 10, "red soldier at a3");
    assert!(png.count(c(8, 6), r, black) > 10, "black soldier at i6");
    assert!(png.count(c(4, 2), r, red) > 10, "red cannon at e2");
    assert!(png.count(c(7, 2), cell * 0.25, wood) > 20, "h2 is empty after 炮二平五");
    // An empty point is not covered by a piece: its centre is a line crossing on wood.
    assert!(png.count(c(4, 4), cell * 0.25, wood) > 20, "e4 should be empty board");
}

/// Every screen at a phone's 1080×2340, saved for people to look at; each must show
/// more than a background (some dark text, some distinct colours).
#[test]
fn screenshots_of_every_screen_at_phone_size() {
    let Some((_xvfb, display)) = xvfb_or_skip() else { return };
    let dir = screenshot_dir();
    std::fs::create_dir_all(&dir).unwrap();
    for &screen in qike_app::fixtures::SCREENS {
        let data = tempfile::tempdir().unwrap();
        let data_dir = if screen == "store-error" {
            // A file where the folder should be: the store cannot open.
            let f = data.path().join("not-a-folder");
            std::fs::write(&f, b"x").unwrap();
            f
        } else {
            data.path().join("progress")
        };
        // The projector's landscape test owns `demo-board.png`; the phone's is its own file.
        let file = if screen == "demo-board" { "demo-board-phone" } else { screen };
        let out = dir.join(format!("{file}.png"));
        shoot(&display, screen, (1080, 2340), &data_dir, &out);
        let png = Png::load(&out);
        check_board(screen, &png);
        assert_eq!(png.width, 1080, "{screen}: width");
        let text = png.rgb.iter().filter(|&&p| dark(p)).count();
        assert!(text > 2_000, "{screen}: only {text} dark pixels, nothing drawn?");
        let mut colours: Vec<[u8; 3]> = png.rgb.iter().step_by(97).copied().collect();
        colours.sort();
        colours.dedup();
        assert!(colours.len() > 20, "{screen}: only {} colours", colours.len());
        println!("screenshot: {}", out.display());
    }
}

/// The dashboard of a class of 45: every visible row holds its name inside it, with a
/// clear band at its top and bottom in the name column, so no name touches or runs into
/// the next one.
fn check_dashboard_rows(png: &Png) {
    use qike_app::screens::teacher::dashboard_grid;
    let g = dashboard_grid(&Frame::of(Vec2::new(1080.0, 2340.0)));
    assert!(g.rows >= 15, "only {} rows fit", g.rows);
    let dark_in = |x0: f32, x1: f32, y0: f32, y1: f32| {
        let mut n = 0;
        for y in y0.max(0.0) as u32..y1 as u32 {
            for x in x0 as u32..x1 as u32 {
                if dark(png.rgb[(y * png.width + x) as usize]) {
                    n += 1;
                }
            }
        }
        n
    };
    for k in 0..g.rows {
        let r = g.row(k);
        let (x0, x1) = (r.min.x, r.min.x + g.name_w);
        let inside = dark_in(x0, x1, r.min.y + 3.0, r.max.y - 3.0);
        assert!(inside > 60, "row {k}: no name drawn ({inside} dark pixels)");
        let edges =
            dark_in(x0, x1, r.min.y, r.min.y + 3.0) + dark_in(x0, x1, r.max.y - 3.0, r.max.y);
        assert_eq!(edges, 0, "row {k}: the name touches the row's edge");
    }
}

/// The QR code: near-black modules (nothing else on the screen is that dark) in a
/// square box, about half of it dark and much of the rest pure white.
fn check_qr(png: &Png) {
    let height = png.rgb.len() as u32 / png.width;
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for y in 0..height {
        for x in 0..png.width {
            let [r, g, b] = png.rgb[(y * png.width + x) as usize];
            if r < 25 && g < 25 && b < 25 {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
    }
    assert!(x1 > x0 && y1 > y0, "no QR modules on the join-code screen");
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    assert!(w >= 400, "the QR code is only {w} pixels wide");
    assert!(w.abs_diff(h) * 20 <= w, "the QR code is {w}×{h}, not square");
    let (mut dark_n, mut white_n) = (0u32, 0u32);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let [r, g, b] = png.rgb[(y * png.width + x) as usize];
            if r < 25 && g < 25 && b < 25 {
                dark_n += 1;
            } else if r > 245 && g > 245 && b > 245 {
                white_n += 1;
            }
        }
    }
    let area = w * h;
    assert!(dark_n * 10 > area * 3 && dark_n * 10 < area * 7, "{dark_n} of {area} dark");
    assert!(white_n * 10 > area * 2, "only {white_n} of {area} white");
}

fn light([r, g, b]: [u8; 3]) -> bool {
    r > 235 && g > 235 && b > 215
}

fn near(want: [u8; 3], tolerance: i32) -> impl Fn([u8; 3]) -> bool {
    move |p: [u8; 3]| (0..3).all(|i| (p[i] as i32 - want[i] as i32).abs() <= tolerance)
}

/// The board of a game on the play screen at 1080×2340, coordinates shown.
fn phone_layout(kind: GameKind) -> BoardLayout {
    let frame = Frame::of(Vec2::new(1080.0, 2340.0));
    BoardLayout::fit_board(board_area(&frame), kind.files(), kind.ranks(), kind.placement(), true)
}

/// A label of the coordinates: some dark ink on wood around `at`.
fn assert_label(png: &Png, at: Vec2, cell: f32, what: &str) {
    let ink = png.count(at, cell * 0.2, dark);
    assert!(ink > 8, "no coordinate label {what} at {at}: {ink} dark pixels");
}

/// The board checks of the screens that show a game's board.
fn check_board(screen: &str, png: &Png) {
    match screen {
        "play-xiangqi" => {
            let l = phone_layout(GameKind::Xiangqi);
            let (cell, c) = (l.cell, |f: u8, r: u8| l.center(Point::new(f, r)));
            assert!(png.count((c(2, 1) + c(3, 2)) / 2.0, cell * 0.2, wood) > 50, "board colour");
            assert!(png.count((c(3, 4) + c(4, 4)) / 2.0, 2.0, dark) >= 3, "rank line");
            assert!(png.count(c(4, 0), cell * 0.3, red) > 20, "red general");
            assert!(png.count(c(4, 9), cell * 0.3, black) > 20, "black general");
            // Red's 九…一 under the board, black's 1…9 above it.
            let below = Vec2::new(0.0, cell * 0.78);
            assert_label(png, c(4, 0) + below, cell, "五");
            assert_label(png, c(0, 9) - below, cell, "1");
            assert!(png.count(c(4, 0) + below * 1.6, cell * 0.1, dark) == 0, "below the labels");
        }
        "play-chess" | "chess-promotion" => {
            let l = phone_layout(GameKind::Chess);
            let (cell, c) = (l.cell, |f: u8, r: u8| l.center(Point::new(f, r)));
            let (light_square, dark_square) = (near([245, 230, 199], 12), near([153, 107, 69], 14));
            // a3 is dark, b3 light, both empty (a1 and b1 under the promotion panel).
            let r = cell * 0.3;
            let rank = if screen == "play-chess" { 2 } else { 0 };
            assert!(png.count(c(0, rank), r, &dark_square) > 300, "dark square a{}", rank + 1);
            assert!(png.count(c(1, rank), r, &light_square) > 300, "light square b{}", rank + 1);
            let (white_king, black_king) =
                if screen == "play-chess" { (c(4, 0), c(4, 7)) } else { (c(6, 0), c(4, 7)) };
            // The standard figures, on no disc: white's filled in white with a dark
            // outline, black's solid black; the square shows round them.
            let disc = cell * 0.36;
            assert!(png.count(white_king, disc, light) > 200, "white king's figure");
            assert!(png.count(white_king, cell * 0.2, dark) > 20, "white king's outline");
            assert!(png.count(black_king, disc, black) > 200, "black king's figure");
            for king in [white_king, black_king] {
                let corner = king + Vec2::splat(cell * 0.42);
                let square = |p: [u8; 3]| light_square(p) || dark_square(p);
                assert!(png.count(corner, cell * 0.05, square) > 5, "a disc round {king}");
            }
            // Letters under the board, numbers on its left.
            assert_label(png, c(0, 0) + Vec2::new(0.0, cell * 0.8), cell * 0.6, "a");
            assert_label(png, c(0, 0) - Vec2::new(cell * 0.8, 0.0), cell * 0.6, "1");
            if screen == "chess-promotion" {
                let frame = Frame::of(Vec2::new(1080.0, 2340.0));
                // Four buttons, each with its white figure (outline and fill) on it.
                let button_colour = near([237, 222, 194], 10);
                for (i, button) in promotion_rects(&frame).1.iter().enumerate() {
                    let edge = Vec2::new(button.min.x + 8.0, button.center().y);
                    assert!(png.count(edge, 4.0, &button_colour) > 40, "promotion button {i}");
                    let figure = Vec2::new(button.center().x, button.center().y - cell * 0.2);
                    assert!(png.count(figure, cell * 0.4, dark) > 100, "figure on button {i}");
                    assert!(png.count(figure, cell * 0.4, light) > 100, "white figure {i}");
                }
                assert!(png.count(c(1, 6), disc, light) > 200, "the pawn on b7");
            }
        }
        "play-go" | "go-count" => {
            let l = phone_layout(GameKind::Go { size: 9 });
            let (cell, c) = (l.cell, |f: u8, r: u8| l.center(Point::new(f, r)));
            assert!(png.count((c(0, 0) + c(1, 0)) / 2.0, 2.0, dark) >= 3, "a line");
            assert!(png.count((c(0, 0) + c(1, 1)) / 2.0, cell * 0.2, wood) > 50, "board colour");
            assert_label(png, c(0, 0) + Vec2::new(0.0, cell * 0.78), cell, "A");
            assert_label(png, c(0, 0) - Vec2::new(cell * 0.78, 0.0), cell, "1");
            let stone = cell * 0.35;
            if screen == "play-go" {
                assert!(png.count(c(4, 4), stone, black) > 300, "black stone on E5");
                assert!(png.count(c(2, 4), stone, light) > 300, "white stone on C5");
                // The star point G7 is empty: a dot on the crossing.
                assert!(png.count(c(6, 6), 3.0, dark) >= 20, "star point G7");
                // The last stone, white F3, carries a red dot.
                assert!(png.count(c(5, 2), cell * 0.1, red) > 10, "last stone's dot");
            } else {
                // The count as a picture: black's area (H3) and white's (A5) shaded.
                assert!(png.count(c(7, 2), cell * 0.12, black) > 30, "black's area on H3");
                assert!(png.count(c(0, 4), cell * 0.12, |p| p == [255, 255, 255]) > 30, "A5");
                assert!(png.count(c(4, 0), stone, black) > 300, "black stone on E1");
                assert!(png.count(c(3, 0), stone, light) > 300, "white stone on D1");
                // White's dead stone on H5: faint, with a red cross.
                assert!(png.count(c(7, 4), cell * 0.15, red) > 10, "dead mark on H5");
                assert!(png.count(c(7, 4), stone, light) < 100, "H5 is drawn faint");
            }
        }
        "play-gomoku" => {
            let l = phone_layout(GameKind::Gomoku { rule: GomokuRule::Renju });
            let (cell, c) = (l.cell, |f: u8, r: u8| l.center(Point::new(f, r)));
            assert!(png.count((c(10, 10) + c(11, 10)) / 2.0, 2.0, dark) >= 3, "a line");
            let stone = cell * 0.35;
            assert!(png.count(c(7, 7), stone, black) > 100, "black's first stone on h8");
            assert!(png.count(c(0, 0), stone, light) > 100, "white stone on a1");
            // j8 is forbidden for black (三三): a red cross on the empty point.
            assert!(png.count(c(9, 7), cell * 0.2, red) > 10, "forbidden mark on j8");
            assert!(png.count(c(14, 14), cell * 0.1, red) > 5, "last stone's dot on o15");
            assert_label(png, c(0, 0) + Vec2::new(0.0, cell * 0.78), cell, "a");
            assert_label(png, c(0, 14) - Vec2::new(cell * 0.78, 0.0), cell, "15");
        }
        "lesson-gomoku" => {
            // The first gomoku lesson opening on a move: black's four on the slant
            // e6 f7 g8 h9, white's d5 f8 g7 h8, the 15×15 lines and the coordinates.
            let frame = Frame::of(Vec2::new(1080.0, 2340.0));
            let area = qike_app::screens::lesson::board_area(&frame);
            let kind = GameKind::Gomoku { rule: GomokuRule::Renju };
            let l = BoardLayout::fit_board(area, 15, 15, kind.placement(), true);
            let (cell, c) = (l.cell, |f: u8, r: u8| l.center(Point::new(f, r)));
            assert!(cell > 40.0, "the lesson board is only {cell} pixels a line");
            assert!(png.count((c(10, 10) + c(11, 10)) / 2.0, 2.0, dark) >= 3, "a line");
            let stone = cell * 0.35;
            for (f, r) in [(4, 5), (5, 6), (6, 7), (7, 8)] {
                assert!(png.count(c(f, r), stone, black) > 100, "black stone at {f},{r}");
            }
            for (f, r) in [(3, 4), (5, 7), (6, 6), (7, 7)] {
                assert!(png.count(c(f, r), stone, light) > 100, "white stone at {f},{r}");
            }
            assert!(png.count(c(8, 9), stone, black) < 20, "i10 is still empty");
            assert_label(png, c(0, 0) + Vec2::new(0.0, cell * 0.78), cell, "a");
        }
        "lesson-chess" => {
            // The tactics lesson opens on a fork: white's knight on c7 attacks black's
            // king on e8 and rook on a8; white's king waits on e1.
            let frame = Frame::of(Vec2::new(1080.0, 2340.0));
            let area = qike_app::screens::lesson::board_area(&frame);
            let l = BoardLayout::fit_board(area, 8, 8, GameKind::Chess.placement(), true);
            let (cell, c) = (l.cell, |f: u8, r: u8| l.center(Point::new(f, r)));
            assert!(cell > 60.0, "the lesson board is only {cell} pixels a square");
            let (light_square, dark_square) = (near([245, 230, 199], 12), near([153, 107, 69], 14));
            let r = cell * 0.3;
            assert!(png.count(c(0, 2), r, &dark_square) > 300, "dark square a3");
            assert!(png.count(c(1, 2), r, &light_square) > 300, "light square b3");
            let disc = cell * 0.36;
            for (f, r, what) in [(2, 6, "white knight on c7"), (4, 0, "white king on e1")] {
                assert!(png.count(c(f, r), disc, light) > 200, "{what}");
                assert!(png.count(c(f, r), cell * 0.2, dark) > 20, "{what}: glyph");
            }
            for (f, r, what) in [(4, 7, "black king on e8"), (0, 7, "black rook on a8")] {
                assert!(png.count(c(f, r), disc, black) > 200, "{what}");
            }
            assert_label(png, c(0, 0) + Vec2::new(0.0, cell * 0.8), cell * 0.6, "a");
        }
        "lesson-refutation" => {
            // The child's wrong move and the opponent's reply on the board, worked out
            // here the same way the demo does.
            let (lesson, at) = qike_app::fixtures::refutation_lesson().expect("a puzzle lesson");
            let mut run = qike_core::curriculum::LessonRun::new(lesson);
            for step in &lesson.steps[..at] {
                for input in qike_core::curriculum::answer_inputs(lesson.game, step) {
                    run.submit(input);
                }
            }
            let (from, to) = qike_app::fixtures::refuted_move(&run).expect("a refuted move");
            run.submit(qike_core::curriculum::Input::Move { from, to });
            let reply = run.refutation().and_then(|r| r.reply).expect("a reply");
            let qike_core::MoveInput::Step { from: rf, to: rt, .. } = reply else { panic!() };
            let frame = Frame::of(Vec2::new(1080.0, 2340.0));
            let area = qike_app::screens::lesson::board_area(&frame);
            let l = BoardLayout::fit_board(area, 9, 10, GameKind::Xiangqi.placement(), true);
            let (cell, c) = (l.cell, |p: Point| l.center(p));
            // The wrong move left its point empty; the reply's piece stands where it went
            // and its own point is empty too.
            assert!(png.count(c(from), cell * 0.2, wood) > 50, "the wrong move's start is empty");
            assert!(png.count(c(rf), cell * 0.2, wood) > 50, "the reply's start is empty");
            assert!(png.count(c(rt), cell * 0.3, black) > 20, "black's reply on its point");
            if rt != to {
                assert!(png.count(c(to), cell * 0.3, red) > 20, "the wrong move's piece");
            }
            // The reason, in the colour of a wrong answer, between the step's text and
            // the board.
            let top = (frame.inner(0.8).min.y + 10.0 * frame.unit) as usize;
            let bottom = (c(Point::new(0, 9)).y - 1.2 * cell) as usize;
            let w = png.width as usize;
            let said = png.rgb[top * w..bottom * w].iter().filter(|&&p| near([199, 41, 26], 20)(p));
            assert!(said.count() > 500, "no reason drawn above the board");
        }
        "practice" => {
            // Today's set: a row per puzzle, a green tick for the one solved at the
            // first try, and the button to go on.
            let tick = png.rgb.iter().filter(|&&p| near([41, 140, 64], 16)(p)).count();
            assert!(tick > 100, "only {tick} pixels of the tick");
            let button = png.rgb.iter().filter(|&&p| near([204, 69, 41], 14)(p)).count();
            assert!(button > 20_000, "only {button} pixels of the go-on button");
        }
        "teacher-join-code" => check_qr(png),
        "play-go-13" | "play-go-19" => {
            let size = if screen == "play-go-13" { 13 } else { 19 };
            let l = phone_layout(GameKind::Go { size });
            let (cell, c) = (l.cell, |f: u8, r: u8| l.center(Point::new(f, r)));
            assert!(png.count((c(0, 0) + c(1, 0)) / 2.0, 2.0, dark) >= 3, "a line");
            assert!(png.count(c(3, 3), cell * 0.3, black) > 40, "black's first stone on D4");
            // A star point off the stones: K4 on 19×19.
            if size == 19 {
                assert!(png.count(c(9, 3), 2.0, dark) >= 8, "the star point K4");
            }
            assert_label(png, c(0, 0) + Vec2::new(0.0, cell * 0.78), cell.max(24.0), "A");
        }
        "result" => {
            // The evaluation graph's line and the marked mistake's red dot.
            let line = png.rgb.iter().filter(|&&p| near([41, 89, 179], 14)(p)).count();
            assert!(line > 300, "only {line} pixels of the graph's line");
            let dots = png.rgb.iter().filter(|&&p| near([199, 41, 26], 14)(p)).count();
            assert!(dots > 100, "only {dots} red pixels: no marked move?");
        }
        "home" => {
            // Each course's card carries its progress bar, filled where lessons are done.
            let green = png.rgb.iter().filter(|&&p| near([41, 140, 64], 12)(p)).count();
            assert!(green > 200, "only {green} green pixels: no progress bar?");
        }
        "teacher-collect" => {
            // Twelve green name chips (the reports in) and the short code's QR.
            let green = png.rgb.iter().filter(|&&p| near([41, 140, 64], 12)(p)).count();
            assert!(green > 12 * 4_000, "only {green} green pixels: the received chips?");
            let qr = png.rgb.iter().filter(|&&[r, g, b]| r < 25 && g < 25 && b < 25).count();
            assert!(qr > 10_000, "only {qr} near-black pixels: no QR of the short code?");
        }
        "my-class-send" => {
            // "已送达 ✓" in green under the class's name.
            let green = png.rgb.iter().filter(|&&p| near([41, 140, 64], 12)(p)).count();
            assert!(green > 300, "only {green} green pixels: the delivery line?");
        }
        "tournament-pairings" => {
            // Two results tapped in: their buttons in the selection blue.
            let blue = png.rgb.iter().filter(|&&p| near([51, 128, 217], 12)(p)).count();
            assert!(blue > 20_000, "only {blue} pixels of entered results");
        }
        "demo-board" => {
            // The phone's portrait layout: the Go lesson's board on top with its arrow,
            // every tool under it and inside the window.
            let frame = Frame::of(Vec2::new(1080.0, 2340.0));
            let board = qike_app::screens::teacher::demo_board::board_area(&frame);
            let tools = qike_app::screens::teacher::demo_board::tools_area(&frame);
            assert!(tools.min.y > board.max.y && tools.max.y <= 2340.0, "tools {tools:?}");
            let layout = BoardLayout::fit_board(board, 9, 9, Placement::Intersections, true);
            check_demo_arrow(png, &layout);
        }
        "teacher-lesson-plan" => {
            // The chess lesson's positions drawn small: three diagrams of light and dark
            // squares on wood, side by side under the plan's buttons.
            let board =
                |p: [u8; 3]| wood(p) || near([245, 230, 199], 10)(p) || near([153, 107, 69], 10)(p);
            for x in [180.0, 540.0, 900.0] {
                let at = Vec2::new(x, 790.0);
                assert!(png.count(at, 100.0, board) > 20_000, "no diagram at {at}");
            }
        }
        "tournament-players" => {
            // Seven players still in the event, each with a withdraw button; the late
            // entry's name typed, so its button is the primary orange.
            let buttons = png.rgb.iter().filter(|&&p| near([237, 222, 194], 8)(p)).count();
            assert!(buttons > 150_000, "only {buttons} pixels of withdraw buttons");
        }
        "teacher-dashboard" => {
            // Finished lessons in gold (three stars the darkest), started ones in blue.
            let gold = png.rgb.iter().filter(|&&p| near([242, 173, 13], 12)(p)).count();
            let blue = png.rgb.iter().filter(|&&p| near([158, 199, 237], 12)(p)).count();
            assert!(gold > 5_000, "only {gold} pixels of three-star cells");
            assert!(blue > 300, "only {blue} pixels of started cells");
            check_dashboard_rows(png);
        }
        "play-junqi" => check_junqi_table(png),
        "junqi-setup" => check_junqi_setup(png),
        "lesson-junqi" => check_junqi_lesson(png),
        _ => {}
    }
}

/// A tile of `seat`'s colour at a station: its colour beside the centre, where the
/// rank's text does not reach.
fn junqi_tile(png: &Png, geo: &Geometry, s: Station, colour: impl Fn([u8; 3]) -> bool) -> bool {
    let edge = geo.center(s) + Vec2::new(geo.cell * 0.38, 0.0);
    png.count(edge, geo.cell * 0.04, colour) >= 4
}

/// 暗棋 from the south: the board's railway where the geometry says, the south's own
/// pieces as red tiles with their ranks written in white, the east's as purple backs.
fn check_junqi_table(png: &Png) {
    let frame = Frame::of(Vec2::new(1080.0, 2340.0));
    let geo = qike_app::screens::junqi::board_geometry(&frame, Seat::South);
    assert!(geo.cell > 55.0, "the board fills the phone's width: cell {}", geo.cell);
    // The railway between two central stations, where no tile can stand.
    let (a, b) = (Station::centre(0, 0).unwrap(), Station::centre(1, 0).unwrap());
    let mid = (geo.center(a) + geo.center(b)) / 2.0;
    assert!(png.count(mid, 2.0, dark) >= 5, "railway at {mid}");
    let red = |[r, g, b]: [u8; 3]| r > 170 && g < 80 && b < 70;
    let purple = |[r, g, b]: [u8; 3]| b > 140 && r > 100 && g < 90;
    let hq = |seat| [2, 4].map(|c| Station::army(seat, 6, c).unwrap());
    assert!(hq(Seat::South).iter().any(|&s| junqi_tile(png, &geo, s, red)), "south's tiles");
    assert!(hq(Seat::East).iter().any(|&s| junqi_tile(png, &geo, s, purple)), "east's backs");
    // The south's pieces show their ranks: white text on a red tile.
    let white = |[r, g, b]: [u8; 3]| r > 230 && g > 230 && b > 230;
    let written =
        hq(Seat::South).iter().any(|&s| png.count(geo.center(s), geo.cell * 0.2, white) > 15);
    assert!(written, "a rank written on the south's headquarters");
    // The east's are backs: no white writing on them.
    for s in hq(Seat::East) {
        assert!(png.count(geo.center(s), geo.cell * 0.2, white) < 5, "a back shows no rank");
    }
}

/// A 四国军棋 lesson step: every piece of the step's board is a tile of its seat's colour
/// where the lesson's geometry puts it, its rank written on it (lessons are 明棋).
fn check_junqi_lesson(png: &Png) {
    use qike_app::screens::junqi::JunqiLesson;
    use qike_core::curriculum::junqi::{JunqiInput, JunqiStepKind};
    let mut lesson = JunqiLesson::open("jq-battles", None).expect("the fixture's lesson");
    let mut cues = qike_app::sound::Cues::default();
    while lesson.run.view().is_some_and(|v| v.kind == JunqiStepKind::Explain) {
        lesson.submit(JunqiInput::Continue, qike_app::i18n::Lang::Zh, &mut cues);
    }
    let view = lesson.run.view().unwrap();
    let board = view.board.expect("a board to act on");
    let frame = Frame::of(Vec2::new(1080.0, 2340.0));
    let geo = qike_app::screens::junqi::lesson_geometry(&frame, view.seat);
    assert!(geo.cell > 55.0, "the board fills the phone's width: cell {}", geo.cell);
    let white = |[r, g, b]: [u8; 3]| r > 230 && g > 230 && b > 230;
    assert!(!board.pieces.is_empty());
    for piece in &board.pieces {
        let colour = move |[r, g, b]: [u8; 3]| match piece.seat {
            Seat::South => r > 170 && g < 80 && b < 70,
            Seat::East => b > 140 && r > 100 && g < 90,
            Seat::North => b > 150 && r < 80,
            Seat::West => g > 100 && r < 80 && b < 100,
        };
        assert!(junqi_tile(png, &geo, piece.station, colour), "{piece:?}'s tile");
        let written = png.count(geo.center(piece.station), geo.cell * 0.2, white) > 10;
        assert!(written, "{piece:?}'s rank written");
    }
}

/// 布阵: the army close up, every station but the camps holding a red tile, the five
/// camps empty.
fn check_junqi_setup(png: &Png) {
    let frame = Frame::of(Vec2::new(1080.0, 2340.0));
    let geo = qike_app::screens::junqi::army_geometry(&frame);
    assert!(geo.cell > 120.0, "the army is drawn large: cell {}", geo.cell);
    let red = |[r, g, b]: [u8; 3]| r > 170 && g < 80 && b < 70;
    for line in 1..=6 {
        for column in 1..=5 {
            let s = Station::army(Seat::South, line, column).unwrap();
            let tile = junqi_tile(png, &geo, s, red);
            assert_eq!(tile, !s.is_camp(), "line {line} column {column}");
        }
    }
}

/// The arrow from E5 to E8 of the demonstration board's example, drawn under the
/// pieces in its own green: a solid shaft half way along, a head of two strokes either
/// side of the line near the point (none beside the shaft), and no green on the white
/// stone the arrow starts under.
fn check_demo_arrow(png: &Png, layout: &BoardLayout) {
    let c = |f: u8, r: u8| layout.center(Point::new(f, r));
    let green = |[r, g, b]: [u8; 3]| g > 110 && r < 90 && b < 130 && g > r + 40;
    let (a, b) = (c(4, 4), c(4, 7));
    let mid = (a + b) / 2.0;
    assert!(png.count(mid, layout.cell * 0.1, green) > 10, "no arrow shaft at {mid}");
    let dir = (b - a).normalize();
    let perp = Vec2::new(-dir.y, dir.x);
    let tip = b - dir * layout.cell * qike_app::board::ARROW_TIP_BACK;
    for side in [-1.0, 1.0] {
        let head = tip - dir * layout.cell * 0.27 + perp * side * layout.cell * 0.13;
        assert!(png.count(head, layout.cell * 0.05, green) > 5, "no arrow head at {head}");
        let beside = mid + perp * side * layout.cell * 0.13;
        assert!(png.count(beside, layout.cell * 0.05, green) == 0, "a wide shaft at {beside}");
    }
    // The white stone on E5 covers the arrow's start: the arrow is under the pieces.
    assert!(png.count(a, layout.cell * 0.3, green) == 0, "the arrow is drawn over the stone");
    assert!(png.count(a, layout.cell * 0.3, light) > 50, "no white stone on E5");
}

/// The demonstration board at a projector's 1920×1080, for a Go class's ladder lesson:
/// a large board on the left with the lesson's stones, the teacher's arrows under them,
/// and the tools on the right.
#[test]
fn the_demonstration_board_fills_a_landscape_screen() {
    let Some((_xvfb, display)) = xvfb_or_skip() else { return };
    let dir = screenshot_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let data = tempfile::tempdir().unwrap();
    let out = dir.join("demo-board.png");
    shoot(&display, "demo-board", (1920, 1080), &data.path().join("progress"), &out);
    let png = Png::load(&out);
    assert_eq!((png.width, png.rgb.len() as u32 / png.width), (1920, 1080));
    let frame = Frame::of(Vec2::new(1920.0, 1080.0));
    let area = qike_app::screens::teacher::demo_board::board_area(&frame);
    let layout = BoardLayout::fit_board(area, 9, 9, Placement::Intersections, true);
    assert!(layout.cell * 8.0 > 700.0, "the board is only {} pixels high", layout.cell * 8.0);
    let c = |f: u8, r: u8| layout.center(Point::new(f, r));
    // Wood between points, the lesson's black stone on D5 and the white one on E5.
    let square = (c(1, 1) + c(2, 2)) / 2.0;
    assert!(png.count(square, layout.cell * 0.2, wood) > 50, "no board at {square}");
    assert!(png.count(c(3, 4), layout.cell * 0.3, black) > 100, "no black stone on D5");
    check_demo_arrow(&png, &layout);
    // The tools on the right: text and buttons, not the board.
    let right = png.rgb.chunks(1920).flat_map(|row| &row[1400..]).filter(|&&p| dark(p)).count();
    assert!(right > 2_000, "only {right} dark pixels beside the board");
    println!("screenshot: {}", out.display());
}

/// The demonstration board on a portrait tablet (1536×2048): the board on top, every
/// tool under it inside the window, down to the lesson's position stepper.
#[test]
fn the_demonstration_board_fits_a_portrait_tablet() {
    let Some((_xvfb, display)) = xvfb_or_skip() else { return };
    let dir = screenshot_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let data = tempfile::tempdir().unwrap();
    let out = dir.join("demo-board-tablet.png");
    let size = Vec2::new(1536.0, 2048.0);
    shoot(&display, "demo-board", (1536, 2048), &data.path().join("progress"), &out);
    let png = Png::load(&out);
    assert_eq!((png.width, png.rgb.len() as u32 / png.width), (1536, 2048));
    let frame = Frame::of(size);
    let demo = qike_app::screens::teacher::demo_board::board_area(&frame);
    let tools = qike_app::screens::teacher::demo_board::tools_area(&frame);
    assert!(tools.min.y > demo.max.y && tools.max.y <= size.y, "tools {tools:?} board {demo:?}");
    let layout = BoardLayout::fit_board(demo, 9, 9, Placement::Intersections, true);
    assert!(layout.cell * 8.0 > 600.0, "the board is only {} pixels high", layout.cell * 8.0);
    check_demo_arrow(&png, &layout);
    // The last row of tools (the lesson and its position) is drawn: buttons and text
    // in the bottom part of the tools, above the window's edge.
    let rows = (tools.max.y - 0.3 * (tools.max.y - tools.min.y)) as usize..size.y as usize;
    let drawn = png.rgb.chunks(1536).skip(rows.start).take(rows.len());
    let buttons = drawn
        .flat_map(|row| row.iter())
        .filter(|&&p| near([237, 222, 194], 12)(p) || dark(p))
        .count();
    assert!(buttons > 3_000, "only {buttons} pixels of tools at the bottom");
    println!("screenshot: {}", out.display());
}

/// Every screen on a portrait tablet (1536×2048), into `screenshots/tablet/`: drawn,
/// and nothing cut by the window's bottom edge (no ink in its last rows).
#[test]
fn screenshots_of_every_screen_at_tablet_size() {
    let Some((_xvfb, display)) = xvfb_or_skip() else { return };
    let dir = screenshot_dir().join("tablet");
    std::fs::create_dir_all(&dir).unwrap();
    for &screen in qike_app::fixtures::SCREENS {
        let data = tempfile::tempdir().unwrap();
        let data_dir = if screen == "store-error" {
            let f = data.path().join("not-a-folder");
            std::fs::write(&f, b"x").unwrap();
            f
        } else {
            data.path().join("progress")
        };
        let out = dir.join(format!("{screen}.png"));
        shoot(&display, screen, (1536, 2048), &data_dir, &out);
        let png = Png::load(&out);
        assert_eq!((png.width, png.rgb.len() as u32 / png.width), (1536, 2048), "{screen}");
        let text = png.rgb.iter().filter(|&&p| dark(p)).count();
        assert!(text > 2_000, "{screen}: only {text} dark pixels, nothing drawn?");
        let bottom = png.rgb[(1536 * 2044) as usize..].iter().filter(|&&p| dark(p)).count();
        assert!(bottom < 20, "{screen}: {bottom} dark pixels on the window's bottom edge");
        println!("screenshot: {}", out.display());
    }
}
