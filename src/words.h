/* words.h - finding ASCII words in text, letters matched in either case:
 * one word (ascii_casestr), up to 64 words in one pass (word_finder), and
 * the same remembered by value (word_memo), for the class names, ids and
 * texts that auto's signals and the metadata readers look through.
 *
 * Nothing here fails but allocation, which aborts (util.h); word_memo_new's
 * memo is the caller's, released with word_memo_free. */
#ifndef PITH_WORDS_H
#define PITH_WORDS_H

#include <stddef.h>
#include <stdint.h>

/* strcasestr for a needle of ASCII letters and marks: the first place in
 * s where word stands, ASCII letters matched in either case; NULL if none.
 * Without strcasestr's per-call setup, which dominates for the short words
 * pith looks for in attribute values and text. */
const char *ascii_casestr(const char *s, const char *word);
/* Which of up to 64 words occur in a string, in one pass: bit k of
 * word_finder_scan() is words[k].  ASCII letters match in either case,
 * every other byte (UTF-8 too) only itself. */
struct word_finder {
	const char *const *words;
	int n;
	uint64_t first[256];    /* the words that start with this byte */
	uint64_t second[256];   /* those whose second byte is this one (all
				 * the words of one byte) */
	uint64_t single;        /* the words of one byte */
};
void word_finder_init(struct word_finder *f, const char *const *words, int n);
uint64_t word_finder_scan(const struct word_finder *f, const char *s, size_t len);
/* word_finder_scan() of NUL-terminated values (their first max_len bytes),
 * remembered by value: a page repeats its class names (every item of a
 * list, every link of a menu) many times over.  The values must outlive
 * the memo; NULL scans as 0. */
struct word_memo;
struct word_memo *word_memo_new(const char *const *words, int n, size_t max_len);
uint64_t word_memo_scan(struct word_memo *m, const char *s);
void word_memo_free(struct word_memo *m);

#endif
