/*
 * test_lzstring.c - LZ-string against the JavaScript lz-string package: the
 * vectors below are what its compressToBase64 and
 * compressToEncodedURIComponent return (computed with lz-string 1.5 from npm,
 * outside the repository); nonet's encoder must write them byte for byte and
 * its decoder must read them back, and random texts must round-trip.
 * Private headers: src/ is on the include path.
 */
#include "text/lzstring.h"

#include "harness.h"

#include <stdlib.h>

typedef struct vector {
    const char *text, *base64, *uri;
} vector;

static const vector VECTORS[] = {
    {"", "Q===", "Q"},
    {"a", "IZA=", "IZA"},
    {"hello, world", "BYUwNmD2A0AEDukBOYAmQ===", "BYUwNmD2A0AEDukBOYAmQ"},
    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "IY18ZVkA", "IY18ZVkA"},
    {"{\"size\":9,\"grid\":[[{},{},{}]]}", "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSiBdCooA",
     "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSiBdCooA"},
    {"\303\251t\303\251 \342\230\203 \360\235\204\236 ok",
     "JcF2AJGAydBYNw8XfAewNZA=", "JcF2AJGAydBYNw8XfAewNZA"},
    {"ABABABABABABABAB ABABABAB\tTOBEORNOTTOBEORTOBEORNOT#",
     "IIIV7SIAgiEgAqB5EBRZAlAcsxL0sCMc8BiIA===", "IIIV7SIAgiEgAqB5EBRZAlAcsxL0sCMc8BiIA"},
};

/* The long vector's text: 600 characters of a fixed pattern (as vec.js made
 * it: code 32 + (i * 7919) % 90, then an 'x' unless i is a multiple of 3). */
static char *long_text(void)
{
    char *t = malloc(1300), *p = t;
    for (int i = 0; i < 600; i++) {
        *p++ = (char)(32 + (i * 7919) % 90);
        if (i % 3) *p++ = 'x';
    }
    *p = '\0';
    return t;
}

static const char LONG_BASE64[] =
    "AQTwHhDuBuYK5gC4GcwCcwEcAOYD2YAdgLZgA2YA1gFZgCWYAFgOZgBmYApgCZgDGYAEYBDMAAMwAfQB6YALpgAOgG"
    "0wALTABNABpgA6mABqAVTAAVMAGUASmACKYAAoB5MADkwAWQAyYANJgAFIAkmAAEmAA4gBiYACiYAAiAMJgAEJgAII"
    "AAmAA/GAAfAC8YAA8YADcAFxgAJxgABwA7GAAbGAArAAsYADMYABMAIxgAAxgAPQAdGAAtGAANADUYABUYACUABRgA"
    "ORgAGQApGAAJGAAxABEYACEYKAQYDDwSKgYOPhEpBQ09ExWBwePwhKIJDJ5EpVBodPojKYLDZ7E5XB4fP4gqEIjF4k"
    "lUhkcvkiqUKjV6k1Wh0ev0hqMJjN5ktVhsdvsjqcLjd7o9wFBYAgUOgsLgCCRyFRaAwWOwuLwBCJxFJZAoVOotLoDC"
    "ZzFZbA4XO4vL4AiFwlFYgkUuksrkCiVylVag0Wu0ur0BiNxlNZgsVustrsDidzldbg8nvy3kLPqKfhL/tKgXLQYqIS"
    "roeq4VrEbqUQb0casWbcZaCTbifayU7Ka6aR76d6mX7WYGOSHueG+S8Be9hV8xb9JQCZcD5WClZDVTCNfDtUi9ajDR"
    "iTdjzXirYTbSSHeTnVS3bTPQyfcz/Wyg5zQzyI92ox8Rd9xX8pYDZSCFeDlVC1bDNQidci+pokamKmjiFr4taRJ2qS"
    "joUi61LunSXqMr6LIBuywZcmGvLPK8gr3v2cbPsOSbvuOabftOWb/vOebAcuRbgeuZbQWAQA";
static const char LONG_URI[] =
    "AQTwHhDuBuYK5gC4GcwCcwEcAOYD2YAdgLZgA2YA1gFZgCWYAFgOZgBmYApgCZgDGYAEYBDMAAMwAfQB6YALpgAOgG"
    "0wALTABNABpgA6mABqAVTAAVMAGUASmACKYAAoB5MADkwAWQAyYANJgAFIAkmAAEmAA4gBiYACiYAAiAMJgAEJgAII"
    "AAmAA-GAAfAC8YAA8YADcAFxgAJxgABwA7GAAbGAArAAsYADMYABMAIxgAAxgAPQAdGAAtGAANADUYABUYACUABRgA"
    "ORgAGQApGAAJGAAxABEYACEYKAQYDDwSKgYOPhEpBQ09ExWBwePwhKIJDJ5EpVBodPojKYLDZ7E5XB4fP4gqEIjF4k"
    "lUhkcvkiqUKjV6k1Wh0ev0hqMJjN5ktVhsdvsjqcLjd7o9wFBYAgUOgsLgCCRyFRaAwWOwuLwBCJxFJZAoVOotLoDC"
    "ZzFZbA4XO4vL4AiFwlFYgkUuksrkCiVylVag0Wu0ur0BiNxlNZgsVustrsDidzldbg8nvy3kLPqKfhL-tKgXLQYqIS"
    "roeq4VrEbqUQb0casWbcZaCTbifayU7Ka6aR76d6mX7WYGOSHueG+S8Be9hV8xb9JQCZcD5WClZDVTCNfDtUi9ajDR"
    "iTdjzXirYTbSSHeTnVS3bTPQyfcz-Wyg5zQzyI92ox8Rd9xX8pYDZSCFeDlVC1bDNQidci+pokamKmjiFr4taRJ2qS"
    "joUi61LunSXqMr6LIBuywZcmGvLPK8gr3v2cbPsOSbvuOabftOWb-vOebAcuRbgeuZbQWAQA";

static void check_vector(const char *text, const char *base64, const char *uri)
{
    size_t n;
    char *b = nonet__lz_compress(text, strlen(text), 0, &n);
    CHECK(b != NULL);
    if (b) {
        CHECK_EQ_STR(b, base64);
        CHECK_EQ_INT(n, strlen(base64));
    }
    char *u = nonet__lz_compress(text, strlen(text), 1, &n);
    CHECK(u != NULL);
    if (u) CHECK_EQ_STR(u, uri);
    for (int k = 0; k < 2; k++) {
        const char *c = k ? uri : base64;
        char *d = nonet__lz_decompress(c, strlen(c), 1 << 20, &n);
        CHECK(d != NULL);
        if (d) {
            CHECK_EQ_STR(d, text);
            CHECK_EQ_INT(n, strlen(text));
        }
        free(d);
    }
    free(b);
    free(u);
}

static void test_vectors(void)
{
    for (size_t i = 0; i < sizeof VECTORS / sizeof VECTORS[0]; i++)
        check_vector(VECTORS[i].text, VECTORS[i].base64, VECTORS[i].uri);
    char *t = long_text();
    check_vector(t, LONG_BASE64, LONG_URI);
    free(t);
}

/* Random texts (ASCII, two- and three-byte UTF-8, repeats) round-trip in
 * both alphabets. */
static void test_round_trip(void)
{
    static const char *const pieces[] = {
        "a", "b", "R1C1", "{\"cells\":", "\303\251", "\342\230\203", "\360\235\204\236", " ", "9"};
    rng r = {42};
    for (int trial = 0; trial < 300; trial++) {
        char text[2048];
        size_t len = 0;
        int parts = below(&r, 200);
        for (int i = 0; i < parts; i++) {
            const char *p = pieces[below(&r, 9)];
            memcpy(text + len, p, strlen(p));
            len += strlen(p);
        }
        text[len] = '\0';
        for (int uri = 0; uri < 2; uri++) {
            size_t n, m;
            char *c = nonet__lz_compress(text, len, uri, &n);
            CHECK(c != NULL);
            if (!c) continue;
            char *d = nonet__lz_decompress(c, n, 1 << 20, &m);
            CHECK(d != NULL && m == len && memcmp(d, text, len) == 0);
            free(d);
            free(c);
        }
    }
}

/* Malformed UTF-8 is read as U+FFFD, as JavaScript's TextDecoder does. */
static void test_bad_utf8(void)
{
    size_t n, m;
    char *c = nonet__lz_compress("a\377b", 3, 0, &n);
    CHECK(c != NULL);
    char *d = c ? nonet__lz_decompress(c, n, 100, &m) : NULL;
    CHECK(d != NULL && strcmp(d, "a\357\277\275b") == 0);
    free(c);
    free(d);
}

static const harness_test TESTS[] = {
    {"vectors", test_vectors},
    {"round_trip", test_round_trip},
    {"bad_utf8", test_bad_utf8},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
