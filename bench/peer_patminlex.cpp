// peer_patminlex.cpp - our timing and printing driver for Mladen Dobrichev's
// sudoku-minlexing-tool (github.com/dobrichev/sudoku-minlexing-tool), the
// peer of canon_bench. It holds none of the tool's code: bench/canon.sh
// compiles it against the tool's patminlex.cpp from a checkout you name,
// outside this project, and never keeps what it builds.
//
//   peer_patminlex [-r RUNS] FILE    median puzzles per second (thread CPU
//                                    time), as canon_bench
//   peer_patminlex -p FILE           every form, a tab, the automorphism count
#include "patminlex.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <time.h>

// CPU seconds of this thread, the clock canon_bench reads.
static double now()
{
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static std::vector<std::string> load(const char *path)
{
    std::vector<std::string> v;
    FILE *fp = std::fopen(path, "r");
    if (!fp) { std::perror(path); std::exit(2); }
    char line[1024];
    while (std::fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || std::strlen(line) < 81) continue;
        std::string s(81, '\0');
        for (int i = 0; i < 81; i++) s[i] = line[i] >= '1' && line[i] <= '9' ? line[i] - '0' : 0;
        v.push_back(s);
    }
    std::fclose(fp);
    return v;
}

int main(int argc, char **argv)
{
    int runs = 5, print = 0, a = 1;
    for (; a < argc && argv[a][0] == '-'; a++) {
        if (!std::strcmp(argv[a], "-p")) print = 1;
        else if (!std::strcmp(argv[a], "-r") && a + 1 < argc) runs = std::atoi(argv[++a]);
    }
    if (a >= argc || runs < 1) { std::fputs("usage: peer_patminlex [-r RUNS] [-p] FILE\n", stderr); return 3; }
    std::vector<std::string> ps = load(argv[a]);
    char out[81];
    if (print) {
        for (auto &s : ps) {
            patminlex z(s.data(), out);
            for (int i = 0; i < 81; i++) std::putchar(out[i] ? out[i] + '0' : '.');
            std::printf("\t%d\n", z.size());
        }
        return 0;
    }
    std::vector<double> t;
    unsigned sink = 0;
    for (int r = 0; r <= runs; r++) {   // the first is a warm-up
        double t0 = now();
        for (auto &s : ps) {
            patminlex z(s.data(), out);
            sink += (unsigned)out[80] + (unsigned)z.size();
        }
        double sec = now() - t0;
        if (r) t.push_back(sec);
    }
    std::sort(t.begin(), t.end());
    double med = t[t.size() / 2];
    const char *name = std::strrchr(argv[a], '/') ? std::strrchr(argv[a], '/') + 1 : argv[a];
    std::printf("%-34s %-8s %7zu puzzles %9.0f puzzles/s %7.3f us/puzzle%s\n", name, "peer", ps.size(),
                ps.size() / med, med / ps.size() * 1e6, sink == 1 ? " " : "");
    return 0;
}
