/*
 * lzstring.h - LZ-string, the compression f-puzzles and SudokuPad links
 * carry their JSON in: a dictionary coder over UTF-16 code units, written
 * as base64 (compressToBase64) or its URI-safe alphabet
 * (compressToEncodedURIComponent). No Debian C library offers it. Decoding
 * only: nonet writes f-puzzles JSON as plain JSON.
 */
#ifndef NONET_LZSTRING_H
#define NONET_LZSTRING_H

#include <stddef.h>

/* Decompresses `len` characters of base64 or URI-safe LZ-string text (both
 * alphabets at once: '+' or '-' is 62, '/' or '$' is 63; '=' padding and
 * whitespace skipped; "%2B"-style escapes decoded) into a new NUL-terminated
 * UTF-8 string (the caller frees it), its length in *out_len. Returns NULL
 * when the text is not valid LZ-string, decodes to more than `cap` bytes, or
 * memory runs out. */
char *nonet__lz_decompress(const char *text, size_t len, size_t cap, size_t *out_len);

#endif
