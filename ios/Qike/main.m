// The iOS entry: hand control to the Rust app (Bevy + winit own the run loop).
extern void main_rs(void);

int main(int argc, char *argv[]) {
    main_rs();
    return 0;
}
