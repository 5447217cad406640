/*
 * replay_main.c - runs a fuzz target over files without libFuzzer, so the
 * seed corpora and every crash ever found replay as ordinary tests (under
 * any compiler and sanitizer). Usage: replay FILE_OR_DIR...
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Feeds one file to the target; returns 0, or 1 when it cannot be read. */
static int replay_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + len, 1, cap - len, fp)) > 0;) {
        len += got;
        if (len == cap) {
            uint8_t *grown = realloc(buf, cap *= 2);
            if (!grown) free(buf);
            buf = grown;
        }
    }
    fclose(fp);
    if (!buf) return 1;
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    return 0;
}

/* Replays a file, or every regular file of a folder; returns files failed. */
static int replay_path(const char *path, int *count)
{
    struct stat st;
    if (stat(path, &st) != 0) return 0; /* an absent folder is empty */
    if (!S_ISDIR(st.st_mode)) {
        ++*count;
        return replay_file(path);
    }
    DIR *d = opendir(path);
    if (!d) return 1;
    int bad = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.') continue;
        char full[4096];
        snprintf(full, sizeof full, "%s/%s", path, e->d_name);
        bad += replay_path(full, count);
    }
    closedir(d);
    return bad;
}

int main(int argc, char **argv)
{
    int bad = 0, count = 0;
    for (int i = 1; i < argc; i++) bad += replay_path(argv[i], &count);
    printf("replayed %d inputs\n", count);
    return bad ? 1 : 0;
}
