/* load.h - read a page (file or standard input, gzip-compressed or not)
 * and turn it into clean UTF-8: gzip data (magic bytes 1F 8B) inflated
 * under the same --max-bytes bound as any input, charset detection and
 * conversion (charset.h), numeric character
 * references decoded (also C1 references, as windows-1252), Arabic
 * Presentation Forms normalised to their base letters, and double-encoded
 * text (UTF-8 read as windows-1252 and encoded again) repaired.
 *
 * The only stage that does I/O.  load_* fill a struct load_result whose
 * text the caller frees with load_result_free().  Expected failures
 * (missing file, binary, too large...) return -1 with a one-line reason in
 * err, suitable for "pith: FILE: reason". */
#ifndef PITH_LOAD_H
#define PITH_LOAD_H

#include <stddef.h>

#include "charset.h"

#define LOAD_DEFAULT_MAX_BYTES (64u << 20)

struct load_opts {
	size_t max_bytes;       /* refuse larger inputs */
	const char *charset;    /* --charset, or NULL */
	const char *http_type;  /* Content-Type of a fetched page, or NULL */
};

struct load_result {
	char *text;             /* UTF-8, NUL-terminated */
	size_t len;
	size_t raw_len;         /* bytes of the page (after gzip, if it was) */
	size_t compressed_len;  /* bytes read when they were gzip data, else 0 */
	struct charset_guess charset;
	size_t replacements;    /* invalid sequences replaced by U+FFFD */
	size_t refs_decoded;    /* numeric character references decoded */
	size_t forms_normalised;/* presentation-form characters normalised */
	size_t mojibake;        /* double-encoded characters repaired */
};

void load_opts_default(struct load_opts *o);
/* path "-" reads standard input. */
int load_file(const char *path, const struct load_opts *o,
	      struct load_result *r, char *err, size_t errlen);
/* Load from bytes already in memory (the fuzzers and URL fetches use it). */
int load_bytes(const char *bytes, size_t n, const struct load_opts *o,
	       struct load_result *r, char *err, size_t errlen);
void load_result_free(struct load_result *r);

/* Do the bytes start with gzip's magic 1F 8B? */
bool load_is_gzip(const char *bytes, size_t n);
/* Inflate gzip data (one or more members) appended to out; refused when
 * it would expand past max bytes (a gzip bomb), is corrupt or is cut
 * short.  0, or -1 with a reason in err. */
int load_gunzip(const char *bytes, size_t n, size_t max, struct buf *out,
		char *err, size_t errlen);
/* What load_inflate() calls the data in its reasons: "DATA expands past
 * N bytes", CUT, "corrupt CORRUPT (zlib's word)". */
struct inflate_words {
	const char *data, *cut, *corrupt;
};
/* The one bounded inflate: n bytes framed as wbits says (inflateInit2's
 * argument: gzip, zlib or raw deflate), appended to out, refused past max
 * bytes, corrupt or cut short; with members, on through further gzip
 * members.  0, or -1 with a reason in err. */
int load_inflate(const char *bytes, size_t n, int wbits, bool members, size_t max,
		 const struct inflate_words *w, struct buf *out, char *err, size_t errlen);

/* The text-level steps, exposed for tests: decode numeric references with
 * code points >= 0x80 (markup characters stay references), and normalise
 * presentation forms.  Both append to out and return their counts. */
size_t load_decode_refs(const char *s, size_t n, struct buf *out);
size_t load_normalise_forms(const char *s, size_t n, struct buf *out);
/* Repair a double-encoded page (UTF-8 read as windows-1252 or Latin-1
 * and encoded again: "\u00e2\u0080\u0099" for U+2019): where one run of
 * characters spells a character of three or four bytes, or holds a C1
 * control, every run that spells a character is replaced by it.  Appends
 * the page to out only when it repairs something; returns the count. */
size_t load_repair_mojibake(const char *s, size_t n, struct buf *out);

#endif
