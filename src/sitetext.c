/* sitetext.c - which text recurs across a site's pages. */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "sitetext.h"
#include "util.h"

struct site_page {
	uint64_t *h;        /* text nodes' texts: sorted, unique */
	int n;
	uint64_t *ph;       /* blocks' paths: sorted, unique */
	int nph;
	uint64_t *pt;       /* blocks' paths with their texts: sorted, unique */
	int npt;
	char *path;
};

struct site_text {
	struct site_page *p;
	int n;
};

uint64_t
site_text_hash(const struct dom *d, int t)
{
	const char *s = dom_text(d, t);
	uint64_t h = 1469598103934665603ULL;
	bool space = false, any = false;
	for (size_t i = 0; i < d->texts[t].len; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (isspace(ch)) {
			space = any;
			continue;
		}
		if (space) {
			h = (h ^ ' ') * 1099511628211ULL;
			space = false;
		}
		h = (h ^ ch) * 1099511628211ULL;
		any = true;
	}
	return any ? h : 0;
}

#define FNV_PRIME 1099511628211ULL

/* Hash bytes s[0..n) into h, leaving out digits: an id or class that
 * numbers the story ("story-1234") is the same slot on every page. */
static uint64_t
hash_word(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			h = (h ^ (unsigned char)s[i]) * FNV_PRIME;
	return (h ^ 0xff) * FNV_PRIME;
}

void
site_block_hashes(const struct dom *d, uint64_t *path, uint64_t *text)
{
	for (int i = 0; i < d->n; i++) {
		uint64_t h = d->parent[i] >= 0 ? path[d->parent[i]] : 1469598103934665603ULL;
		const char *tag = dom_tagname(d, i);
		h = hash_word(h, tag, strlen(tag));
		/* html's and body's classes say which page this is
		 * ("postid-1234 single"), not where in the template */
		static const char *const names[] = { "id", "class" };
		bool top = !strcmp(tag, "html") || !strcmp(tag, "body");
		for (size_t k = 0; !top && k < sizeof names / sizeof *names; k++) {
			const char *v = dom_attr(d, i, names[k]);
			if (v)
				h = hash_word(h, v, strlen(v));
		}
		path[i] = h;
		text[i] = 0;
	}
	for (int t = 0; t < d->ntexts; t++) {
		int b = d->texts[t].block;
		if (b < 0 || d->texts[t].flags & (TEXT_SKIP | TEXT_BREAK))
			continue;
		uint64_t h = site_text_hash(d, t);
		if (h)
			text[b] = ((text[b] ? text[b] : 1469598103934665603ULL) ^ h) * FNV_PRIME;
	}
}

struct site_text *
site_text_new(void)
{
	return xcalloc(1, sizeof(struct site_text));
}

void
site_text_free(struct site_text *s)
{
	if (!s)
		return;
	for (int i = 0; i < s->n; i++) {
		free(s->p[i].h);
		free(s->p[i].ph);
		free(s->p[i].pt);
		free(s->p[i].path);
	}
	free(s->p);
	free(s);
}

void
site_text_add(struct site_text *s, const struct dom *d, const char *path)
{
	s->p = xreallocarray(s->p, (size_t)s->n + 1, sizeof *s->p);
	struct site_page *p = &s->p[s->n++];
	p->h = xmalloc(((size_t)d->ntexts + 1) * sizeof *p->h);
	p->n = 0;
	for (int t = 0; t < d->ntexts; t++) {
		if (d->texts[t].flags & TEXT_SKIP)
			continue;
		uint64_t h = site_text_hash(d, t);
		if (h)
			p->h[p->n++] = h;
	}
	p->n = (int)u64_sort_unique(p->h, (size_t)p->n);
	uint64_t *bp = xmalloc(((size_t)d->n + 1) * sizeof *bp);
	uint64_t *bt = xmalloc(((size_t)d->n + 1) * sizeof *bt);
	site_block_hashes(d, bp, bt);
	p->ph = xmalloc(((size_t)d->n + 1) * sizeof *p->ph);
	p->pt = xmalloc(((size_t)d->n + 1) * sizeof *p->pt);
	p->nph = p->npt = 0;
	for (int i = 0; i < d->n; i++)
		if (bt[i]) {
			p->ph[p->nph++] = bp[i];
			p->pt[p->npt++] = (bp[i] ^ bt[i]) * FNV_PRIME;
		}
	p->nph = (int)u64_sort_unique(p->ph, (size_t)p->nph);
	p->npt = (int)u64_sort_unique(p->pt, (size_t)p->npt);
	free(bp);
	free(bt);
	p->path = path ? xstrdup(path) : NULL;
}

static bool
is_self(const struct site_page *p, const char *self_path)
{
	return self_path && p->path && !strcmp(p->path, self_path);
}

int
site_text_pages(const struct site_text *s, const char *self_path)
{
	int n = 0;
	for (int i = 0; s && i < s->n; i++)
		n += !is_self(&s->p[i], self_path);
	return n;
}

void
site_text_count(const struct site_text *s, const struct dom *d, const char *self_path, int *out)
{
	for (int t = 0; t < d->ntexts; t++) {
		out[t] = 0;
		uint64_t h = d->texts[t].flags & TEXT_SKIP ? 0 : site_text_hash(d, t);
		for (int i = 0; h && s && i < s->n; i++)
			if (!is_self(&s->p[i], self_path) &&
			    bsearch(&h, s->p[i].h, (size_t)s->p[i].n, sizeof h, u64_cmp))
				out[t]++;
	}
}

void
site_text_blocks(const struct site_text *s, const struct dom *d, const char *self_path, int *recur)
{
	int *cnt = xmalloc(((size_t)d->ntexts + 1) * sizeof *cnt);
	site_text_count(s, d, self_path, cnt);
	for (int i = 0; i < d->n; i++)
		recur[i] = -1;
	for (int t = 0; t < d->ntexts; t++) {
		int b = d->texts[t].block;
		if (b < 0 || d->texts[t].flags & (TEXT_SKIP | TEXT_BREAK) || !site_text_hash(d, t))
			continue;
		if (recur[b] < 0 || cnt[t] < recur[b])
			recur[b] = cnt[t];
	}
	free(cnt);
}

int
site_text_need(int npages)
{
	if (npages <= 1)
		return 1;
	return npages < 4 ? 2 : (npages + 1) / 2;
}

void
site_text_paths(const struct site_text *s, const struct dom *d, const char *self_path,
		int *at_path, int *same)
{
	uint64_t *bp = xmalloc(((size_t)d->n + 1) * sizeof *bp);
	uint64_t *bt = xmalloc(((size_t)d->n + 1) * sizeof *bt);
	site_block_hashes(d, bp, bt);
	for (int b = 0; b < d->n; b++) {
		at_path[b] = same[b] = -1;
		if (!bt[b])
			continue;
		at_path[b] = same[b] = 0;
		uint64_t pt = (bp[b] ^ bt[b]) * FNV_PRIME;
		for (int i = 0; s && i < s->n; i++) {
			const struct site_page *p = &s->p[i];
			if (is_self(p, self_path))
				continue;
			if (bsearch(&bp[b], p->ph, (size_t)p->nph, sizeof *p->ph, u64_cmp))
				at_path[b]++;
			if (bsearch(&pt, p->pt, (size_t)p->npt, sizeof *p->pt, u64_cmp))
				same[b]++;
		}
		/* a hash's collision aside, the same text there is at the path */
		if (same[b] > at_path[b])
			same[b] = at_path[b];
	}
	free(bp);
	free(bt);
}
