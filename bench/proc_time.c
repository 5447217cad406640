/*
 * proc_time.c - `proc_time COMMAND [ARG...]`: runs the command once with its
 * standard output thrown away (/dev/null) and prints "WALL CPU" in seconds:
 * the wall time from fork to exit on a monotonic clock, and the CPU time
 * (user + system) the child used, from wait4's rusage, to the microsecond.
 * bench/run.sh's end-to-end part measures the whole `nonet solve` process
 * with it (the shell's own timers give milliseconds at best). Exit status:
 * the command's, or 127 when it cannot be run.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Seconds on a monotonic clock. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Seconds of a timeval. */
static double seconds(struct timeval tv) { return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6; }

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: proc_time COMMAND [ARG...]\n", stderr);
        return 127;
    }
    double t0 = now();
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) dup2(fd, STDOUT_FILENO);
        execvp(argv[1], argv + 1);
        _exit(127);
    }
    int status = 127;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) {
        perror("proc_time");
        return 127;
    }
    double wall = now() - t0;
    printf("%.6f %.6f\n", wall, seconds(ru.ru_utime) + seconds(ru.ru_stime));
    return WIFEXITED(status) ? WEXITSTATUS(status) : 127;
}
