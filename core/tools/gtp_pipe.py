"""One GTP exchange with an engine run as a child process, for the Go tools."""


def exchange(proc, command):
    """Sends `command` to `proc` (a Popen with text pipes) and returns the lines of its
    answer, each without its line end, up to the blank line that ends it (blank lines
    before it are skipped). The answer keeps its `=` or `?`. Raises EOFError when the
    engine closes its output before it answers."""
    proc.stdin.write(command + "\n")
    proc.stdin.flush()
    lines = []
    while True:
        line = proc.stdout.readline()
        if line == "":
            if lines:
                return lines
            raise EOFError(f"the engine closed its output after {command}")
        if line.strip() == "":
            if lines:
                return lines
            continue
        lines.append(line.rstrip("\n"))
