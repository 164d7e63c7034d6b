/* model-label.c - how the inspector names an element (the tree, the
 * detail, the report, its messages): "div#main.article.body", whole or
 * fitted into a width (the longest ids and classes cut first, then the
 * last classes counted as "+N").  Plain functions of the node table; no
 * curses, no model state. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tui/model.h"

enum { LABEL_TOKENS = 64, LABEL_MIN = 6 };

struct label_tok {
	const char *s;
	size_t n;                /* bytes */
	int w;                   /* code points */
	char kind;               /* '#' or '.' */
};

/* The id and the classes of i, in that order; how many stored (*nclass
 * of them classes, of *all on the element). */
static int
label_tokens(const struct dom *d, int i, struct label_tok *tok, int max, int *nclass,
	     int *all)
{
	int k = 0;
	*nclass = *all = 0;
	const char *id = dom_attr(d, i, "id");
	if (id && *id)
		tok[k++] = (struct label_tok){ id, strlen(id),
					       (int)utf8_count_chars(id, strlen(id)), '#' };
	for (const char *c = dom_attr(d, i, "class"); c && *c;) {
		c += strspn(c, " \t\n\r\f");
		size_t n = strcspn(c, " \t\n\r\f");
		if (!n)
			break;
		(*all)++;
		if (k < max) {
			tok[k++] = (struct label_tok){ c, n, (int)utf8_count_chars(c, n), '.' };
			(*nclass)++;
		}
		c += n;
	}
	return k;
}

/* Cells of the label with tokens cut to cap and only the first ntok
 * tokens, hidden more; written to out when it is not NULL. */
static int
label_form(const char *tag, const struct label_tok *tok, int ntok, int hidden, int cap,
	   struct buf *out)
{
	int w = (int)strlen(tag);
	if (out)
		buf_adds(out, tag);
	for (int k = 0; k < ntok; k++) {
		int tw = tok[k].w > cap ? cap : tok[k].w;
		w += 1 + tw;
		if (!out)
			continue;
		buf_addc(out, tok[k].kind);
		if (tok[k].w <= cap) {
			buf_add(out, tok[k].s, tok[k].n);
			continue;
		}
		/* cap - 1 code points, then the mark of a cut */
		const unsigned char *u = (const unsigned char *)tok[k].s;
		size_t b = 0;
		for (int c = 0; c < cap - 1; c++) {
			uint32_t cp;
			b += utf8_decode(u + b, tok[k].n - b, &cp);
		}
		buf_add(out, tok[k].s, b);
		buf_addc(out, '~');
	}
	if (hidden) {
		char more[16];
		int mw = snprintf(more, sizeof more, "+%d", hidden);
		w += mw;
		if (out)
			buf_adds(out, more);
	}
	return w;
}

void
model_label(const struct dom *d, int i, struct buf *out)
{
	model_label_fit(d, i, 1 << 30, out);
}

void
model_label_fit(const struct dom *d, int i, int w, struct buf *out)
{
	struct label_tok tok[LABEL_TOKENS];
	int nclass, all;
	int k = label_tokens(d, i, tok, LABEL_TOKENS, &nclass, &all);
	int beyond = all - nclass;        /* classes past the array */
	int first_class = k - nclass;
	const char *tag = dom_tagname(d, i);
	int longest = LABEL_MIN;
	for (int j = 0; j < k; j++)
		if (tok[j].w > longest)
			longest = tok[j].w;
	/* every token first, then one class fewer at a time; for each, the
	 * largest cut that fits, so no more is cut than w needs */
	for (int show = k; show >= first_class; show--) {
		int hidden = k - show + beyond;
		if (label_form(tag, tok, show, hidden, LABEL_MIN, NULL) > w)
			continue;
		int lo = LABEL_MIN, hi = longest;
		while (lo < hi) {
			int mid = (lo + hi + 1) / 2;
			if (label_form(tag, tok, show, hidden, mid, NULL) <= w)
				lo = mid;
			else
				hi = mid - 1;
		}
		label_form(tag, tok, show, hidden, lo, out);
		return;
	}
	label_form(tag, tok, first_class, nclass + beyond, LABEL_MIN, out);
}
