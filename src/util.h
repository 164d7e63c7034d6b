/* util.h - allocation wrappers, a growable byte buffer, a vector of
 * strings, small string and UTF-8 helpers and escaping, shared by every
 * stage.  Files are file.h's, the word finders words.h's.
 *
 * Allocation failure is not an expected failure: the x* wrappers end in
 * die().  struct buf owns its bytes; buf_free releases them. */
#ifndef PITH_UTIL_H
#define PITH_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdbool.h>

/* Fatal exits (no memory, an impossible state): run the cleanup set with
 * die_set_cleanup (the inspector restores the terminal and replays the
 * standard error it kept off the screen), print "pith: REASON" on stderr
 * and abort.  Every fatal path goes through here, so the reason is the
 * last thing the user sees. */
void die(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));
/* One cleanup for die(), or NULL; it runs at most once.  Stages know
 * nothing of the terminal, so the screen module registers it. */
void die_set_cleanup(void (*fn)(void));



void *xmalloc(size_t n) __attribute__((returns_nonnull));
void *xcalloc(size_t count, size_t size) __attribute__((returns_nonnull));
void *xrealloc(void *p, size_t n) __attribute__((returns_nonnull));
void *xreallocarray(void *p, size_t count, size_t size) __attribute__((returns_nonnull));
char *xstrdup(const char *s) __attribute__((returns_nonnull));
char *xstrndup(const char *s, size_t n) __attribute__((returns_nonnull));

/* A growable byte buffer, always NUL-terminated once anything was added. */
struct buf {
	char *data;
	size_t len;
	size_t cap;
};

void buf_init(struct buf *b);
void buf_free(struct buf *b);
void buf_reserve(struct buf *b, size_t extra);
void buf_add(struct buf *b, const void *p, size_t n);
void buf_addc(struct buf *b, char c);
void buf_adds(struct buf *b, const char *s);
void buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void buf_vprintf(struct buf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* Append code point cp encoded as UTF-8. */
void buf_add_utf8(struct buf *b, uint32_t cp);
/* cp as UTF-8 in s (U+FFFD for a surrogate or beyond U+10FFFF); its length. */
size_t utf8_encode(uint32_t cp, char s[4]);
/* Untrusted text (URLs, titles, rule values, file names from a crawl)
 * made safe for a terminal or a log: every control character but line
 * feed and tab, and a carriage return anywhere but first (a progress
 * line's), as \xHH; DEL as \x7F; the C1 controls (U+0080-U+009F, which a
 * terminal may take for ESC [, ESC ] ...) as \uHHHH.  Appended to b. */
void buf_add_safe(struct buf *b, const char *s, size_t n);
/* eprintf(...) through buf_add_safe: every message pith prints
 * on stderr goes through here or die(). */
void eprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same on standard output, for reports that quote untrusted text (a
 * rule's test_url and test_contains). */
void oprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Append s as HTML text (& < > escaped; with attr, " too, for an
 * attribute's value in double quotes).  C0 controls but tab, line feed
 * and carriage return become spaces (no HTML or XML may hold them). */
void buf_add_html(struct buf *b, const char *s, size_t n, bool attr);
/* Append s as a JSON string literal, quotes included. */
void buf_add_json(struct buf *b, const char *s, size_t n);
/* Hand over the bytes (NUL-terminated) and reset the buffer. */
char *buf_steal(struct buf *b, size_t *len);

/* Decode one UTF-8 sequence at s (n bytes available); store the code point
 * (U+FFFD for an invalid sequence) and return the bytes consumed (>= 1). */
size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);
/* FNV-1a, 64 bits, of n bytes. */
uint64_t hash_bytes(const char *s, size_t n);
/* The longest prefix of s[0..n) of at most max bytes that ends before a
 * character's first byte: a cut there leaves valid UTF-8 whole. */
size_t utf8_cut(const char *s, size_t n, size_t max);
/* Number of bytes of the ASCII prefix of s (fast). */
size_t ascii_prefix(const unsigned char *s, size_t n);
/* Number of bytes of the valid UTF-8 prefix of s. */
size_t utf8_valid_prefix(const unsigned char *s, size_t n);
/* Unicode White_Space property. */
bool uc_is_white(uint32_t cp);
/* Non-whitespace code points in s[0..n). */
size_t utf8_count_chars(const char *s, size_t n);
/* Code points in s[0..n), white space too (valid UTF-8: its bytes that
 * start a character). */
size_t utf8_chars(const char *s, size_t n);

/* Compare two ints, two uint64_t, for qsort and bsearch. */
int int_cmp(const void *a, const void *b);
int u64_cmp(const void *a, const void *b);
/* Sort v[0..n) and drop repeats; the count left. */
size_t u64_sort_unique(uint64_t *v, size_t n);

/* The distinct keys of a sequence, numbered 0, 1, ... in the order they
 * first come (zero-initialise; u64_ids_free).  table holds a key's number
 * plus one (0: empty), at least half empty; slot[k] is key k's place in
 * it, so that emptying it costs the keys it holds, not its size. */
struct u64_ids {
	uint64_t *v;        /* the keys, by number */
	uint32_t *slot;
	uint32_t n, cap;
	uint32_t *table;
	size_t tcap;        /* a power of two */
};
/* key's number, given it when it is new. */
uint32_t u64_ids_add(struct u64_ids *x, uint64_t key);
/* key's number, or UINT32_MAX when x has not got it. */
uint32_t u64_ids_find(const struct u64_ids *x, uint64_t key);
/* Empty x, keeping its memory. */
void u64_ids_clear(struct u64_ids *x);
void u64_ids_free(struct u64_ids *x);

/* A growable array of strings, each a copy the array owns (zero-initialise;
 * strv_free frees them and empties it). */
struct strv {
	char **v;
	int n, cap;
};
void strv_add(struct strv *s, const char *str);
void strv_free(struct strv *s);

/* With $PITH_TEST_COUNTS set, "pith: count WHAT: N" on stderr: the work
 * a step did (comparisons, probes), for the tests that compare two
 * sizes' work rather than their time. */
void test_count(const char *what, long n);

/* Strings (the caller's, alive as long as the map) to ints, by hash, so
 * that a lookup costs the same however many there are. */
struct strmap {
	const char **key;
	int *val;
	size_t n, cap;
	long probes;            /* lookups and keys compared, for test_count */
};
/* key's value; when absent, key is put in with val and -1 returned. */
int strmap_put(struct strmap *m, const char *key, int val);
void strmap_free(struct strmap *m);

/* Do the first 16 KiB look like a binary file rather than text (NUL
 * bytes beyond a stray few, or many control bytes)? */
bool bytes_look_binary(const char *bytes, size_t n);

/* Case-insensitive search for needle in s[0..n). */
const char *memcasestr(const char *s, size_t n, const char *needle);
/* One attribute of a start tag at p (before end, past the tag's name):
 * its name and value as pointers into the page, the value unquoted.
 * Returns the position after it, or NULL at the tag's end. */
const char *html_next_attr(const char *p, const char *end, const char **name, size_t *nlen,
			   const char **val, size_t *vlen);
/* Whether an attribute's name (nlen bytes) is want, in any case. */
bool html_attr_is(const char *name, size_t nlen, const char *want);

bool str_ieq(const char *a, const char *b);
bool str_has_suffix(const char *s, const char *suffix);
/* Every control character but tab and line feed (and carriage return,
 * with keep_cr) becomes a space: C0, DEL, and the C1 controls' two UTF-8
 * bytes (C2 80 to C2 9F) two spaces; eight bytes at a time, as text
 * seldom holds one. */
void blank_controls(char *s, size_t n, bool keep_cr);

/* Append s with whitespace runs collapsed; *space says a pending space is
 * owed before the next visible character (never at a line start). */
void buf_add_collapsed(struct buf *out, const char *s, size_t n, bool *space);
/* Collapse whitespace runs of s to single spaces, trimmed, appended to out. */
void text_collapse(const char *s, size_t n, struct buf *out);
/* s without any white space (Unicode's), appended to out: the form a
 * reader's comparison uses, blind to the spaces around inline elements
 * and punctuation that one text has and another lacks. */
void text_blind(const char *s, size_t n, struct buf *out);

/* Runs body with cp set to each non-whitespace code point of s[0..n). */
#define FOR_EACH_CHAR(s, n, cp, body) do { \
	const unsigned char *u_ = (const unsigned char *)(s); \
	size_t i_ = 0, n_ = (n); \
	while (i_ < n_) { \
		uint32_t cp; \
		if (u_[i_] < 0x80) { cp = u_[i_]; i_++; } \
		else i_ += utf8_decode(u_ + i_, n_ - i_, &cp); \
		if (uc_is_white(cp)) continue; \
		body \
	} \
} while (0)

#endif
