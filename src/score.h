/* score.h - how much of one text another holds, for the inspector's live
 * P/R/F against a gold file (word 4-grams, below) and for checking that
 * a written rule gives the text the inspector shows (characters).
 *
 * Character-level overlap, as bench/score.py's "chars" metric computes
 * it: multisets of the code points that are not Unicode White_Space;
 * P = matched/predicted, R = matched/gold.  Returned bags belong to the
 * caller (charbag_free accepts NULL); nothing fails but allocation. */
#ifndef PITH_SCORE_H
#define PITH_SCORE_H

#include <stddef.h>

struct prf {
	size_t matched, predicted, gold;
	double P, R, F;
};
struct charbag;
struct charbag *charbag_new(const char *gold, size_t n);
void charbag_free(struct charbag *b);
/* Score pred against the bag's gold text; linear in n. */
struct prf charbag_score(struct charbag *b, const char *pred, size_t n);
/* The same in one call, for tests and one-off use. */
struct prf prf_chars(const char *gold, size_t gn, const char *pred, size_t pn);

/* Word 4-grams ("shingles"), as bench/score.py's shingle metric counts
 * them with its default tokenizer: tokens are runs of letters, numbers
 * and _ (combining marks kept inside), a Han ideograph or kana alone;
 * P = shingles of the prediction also in the gold (as multisets) over
 * the prediction's, R over the gold's, both 1 when neither has any the
 * other lacks.  Unlike the characters, it sees order and loss: a
 * passage missing or moved breaks the shingles that cross it.  matched,
 * predicted and gold count shingles. */
struct shingles;
struct shingles *shingles_new(const char *gold, size_t n);
void shingles_free(struct shingles *s);
struct prf shingles_score(const struct shingles *gold, const char *pred, size_t n);
struct prf prf_shingles(const char *gold, size_t gn, const char *pred, size_t pn);

/* The passages of a that b lacks: each line of a (empty lines skipped)
 * that, without its white space, is not a substring of b without its
 * white space (line breaks included): a reader's comparison, blind to
 * the spaces one text puts around inline elements and punctuation and
 * the other does not.  fn gets the line with its whitespace collapsed
 * and the offset of the line in a. */
typedef void (*score_passage_fn)(void *ctx, const char *line, size_t n, size_t off);
void score_missing(const char *a, size_t an, const char *b, size_t bn,
		   score_passage_fn fn, void *ctx);

#endif
