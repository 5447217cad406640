/*
 * lzstring.h - LZ-string, the compression f-puzzles and SudokuPad links
 * carry their JSON in: a dictionary coder over UTF-16 code units, written
 * as base64 (compressToBase64) or its URI-safe alphabet
 * (compressToEncodedURIComponent). No Debian C library offers it. Both
 * ways: links are read, and written (f-puzzles and SudokuPad links).
 */
#ifndef NONET_LZSTRING_H
#define NONET_LZSTRING_H

#include <stddef.h>

/* Decompresses `len` characters of base64 or URI-safe LZ-string text (both
 * alphabets at once: '+' is 62, '/' or '-' is 63 (the URI-safe alphabet is
 * base64's with '-' for '/'); '=' padding and
 * whitespace skipped; "%2B"-style escapes decoded) into a new NUL-terminated
 * UTF-8 string (the caller frees it), its length in *out_len. Returns NULL
 * when the text is not valid LZ-string, decodes to more than `cap` bytes, or
 * memory runs out. */
char *nonet__lz_decompress(const char *text, size_t len, size_t cap, size_t *out_len);

/* Compresses `len` bytes of UTF-8 text (read as UTF-16 code units, as
 * JavaScript strings are; a malformed byte counts as U+FFFD) into a new
 * NUL-terminated string the caller frees: LZ-string's compressToBase64
 * (padded with '=' to a multiple of 4) when uri is 0, its
 * compressToEncodedURIComponent (no padding) when
 * uri is 1 ("+-" for base64's "+/"); byte for byte what the JavaScript lz-string package writes.
 * Its length in *out_len. NULL when memory runs out. */
char *nonet__lz_compress(const char *text, size_t len, int uri, size_t *out_len);

#endif
