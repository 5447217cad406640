/*
 * test_line_parse.c - the line format's two parse paths agree: every byte
 * 0..255, alone on a line of digits and filling a whole line, read through
 * the vector path of the default symbols (nonet__parse_line_cells, side up
 * to 9) and through the table of nonet__default_value
 * (nonet__parse_line_cells_table), for sides 4 and 9, gives the same cells,
 * the same status and the same error (column and message). It tests the
 * library's private parse functions, so it includes its private headers
 * (src/ is on this test's include path).
 */
#include "formats/format.h"
#include "text/alphabet.h"

#include "harness.h"

#include <nonet.h>

#include <string.h>

/* Parses text (side n) both ways and checks that they agree; returns the
 * status. */
static nonet_status both_paths(const char *text, int n, const short *values)
{
    unsigned char fast[NONET_MAX_CELLS], table[NONET_MAX_CELLS];
    nonet_error e1, e2;
    memset(&e1, 0, sizeof e1);
    memset(&e2, 0, sizeof e2);
    nonet_status s1 = nonet__parse_line_cells(NULL, values, text, n, 7, fast, &e1);
    nonet_status s2 = nonet__parse_line_cells_table(NULL, values, text, n, 7, table, &e2);
    CHECK_EQ_INT(s1, s2);
    if (s1 == NONET_OK && s2 == NONET_OK) CHECK(memcmp(fast, table, (size_t)(n * n)) == 0);
    else {
        CHECK_EQ_INT(e1.code, e2.code);
        CHECK_EQ_INT(e1.line, e2.line);
        CHECK_EQ_INT(e1.column, e2.column);
        CHECK_EQ_STR(e1.message, e2.message);
    }
    return s1;
}

/* Every byte, at column 6 of a line of '1's and as the whole line. */
static void test_every_byte(void)
{
    static const int sides[] = {4, 9};
    for (int k = 0; k < 2; k++) {
        int n = sides[k], good = 0;
        short values[256];
        for (int ch = 0; ch < 256; ch++) values[ch] = (short)nonet__default_value(ch, n);
        for (int ch = 0; ch < 256; ch++) {
            char text[81];
            memset(text, '1', sizeof text);
            text[5] = (char)ch;
            nonet_status st = both_paths(text, n, values);
            CHECK_EQ_INT(st == NONET_OK, values[ch] >= 0);
            memset(text, ch, sizeof text);
            CHECK_EQ_INT(both_paths(text, n, values), st);
            good += st == NONET_OK;
        }
        /* n digits and the six blanks '.', '0', '_', '-', '*', 'x' */
        CHECK_EQ_INT(good, n + 6);
    }
}

static const harness_test TESTS[] = {
    {"every_byte", test_every_byte},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
