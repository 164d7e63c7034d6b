/* words.c - finding ASCII words in text, either case: one word at a
 * time, or up to 64 of them in one pass with a memo of the values seen. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "words.h"

static inline unsigned char
ascii_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

void
word_finder_init(struct word_finder *f, const char *const *words, int n)
{
	memset(f, 0, sizeof *f);
	f->words = words;
	f->n = n < 64 ? n : 64;
	for (int k = 0; k < f->n; k++) {
		unsigned char c = ascii_lower((unsigned char)words[k][0]);
		f->first[c] |= 1ull << k;
		if (c >= 'a' && c <= 'z')
			f->first[c - ('a' - 'A')] |= 1ull << k;
		if (!words[k][0] || !words[k][1]) {
			f->single |= 1ull << k;
			for (int b = 0; b < 256; b++)
				f->second[b] |= 1ull << k;
			continue;
		}
		c = ascii_lower((unsigned char)words[k][1]);
		f->second[c] |= 1ull << k;
		if (c >= 'a' && c <= 'z')
			f->second[c - ('a' - 'A')] |= 1ull << k;
	}
}

uint64_t
word_finder_scan(const struct word_finder *f, const char *s, size_t len)
{
	uint64_t found = 0;
	for (size_t i = 0; i < len; i++) {
		/* most bytes start a word of the lists: the next byte rules
		 * out nearly all of them before any is compared */
		uint64_t cand = f->first[(unsigned char)s[i]] & ~found &
				(i + 1 < len ? f->second[(unsigned char)s[i + 1]] : f->single);
		while (cand) {
			int k = __builtin_ctzll(cand);
			cand &= cand - 1;
			const char *w = f->words[k];
			size_t j = 1;
			while (w[j] && i + j < len &&
			       ascii_lower((unsigned char)s[i + j]) == ascii_lower((unsigned char)w[j]))
				j++;
			if (!w[j])
				found |= 1ull << k;
		}
	}
	return found;
}

struct word_memo {
	struct word_finder finder;
	size_t max_len;
	struct { const char *s; uint64_t h, found; } slot[1024];
};

struct word_memo *
word_memo_new(const char *const *words, int n, size_t max_len)
{
	struct word_memo *m = xcalloc(1, sizeof *m);
	word_finder_init(&m->finder, words, n);
	m->max_len = max_len;
	return m;
}

uint64_t
word_memo_scan(struct word_memo *m, const char *s)
{
	if (!s)
		return 0;
	uint64_t h = 1469598103934665603ull;
	size_t len = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++, len++)
		h = (h ^ *p) * 1099511628211ull;
	size_t k = (size_t)(h ^ h >> 31) & (sizeof m->slot / sizeof m->slot[0] - 1);
	if (m->slot[k].s && m->slot[k].h == h && !strcmp(m->slot[k].s, s))
		return m->slot[k].found;
	uint64_t found = word_finder_scan(&m->finder, s, len < m->max_len ? len : m->max_len);
	m->slot[k].s = s;
	m->slot[k].h = h;
	m->slot[k].found = found;
	return found;
}

void
word_memo_free(struct word_memo *m)
{
	free(m);
}

const char *
ascii_casestr(const char *s, const char *word)
{
	unsigned char c0 = ascii_lower((unsigned char)word[0]);
	if (!c0)
		return s;
	for (; *s; s++) {
		if (ascii_lower((unsigned char)*s) != c0)
			continue;
		size_t k = 1;
		while (word[k] && ascii_lower((unsigned char)s[k]) == ascii_lower((unsigned char)word[k]))
			k++;
		if (!word[k])
			return s;
	}
	return NULL;
}
