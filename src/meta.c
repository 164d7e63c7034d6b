/* meta.c - a page's metadata: title, date, author, language and the
 * rest, each from where the page gives it (meta-jsonld.c, meta-date.c
 * and meta-author.c read the sources; meta-util.c holds what they
 * share). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "meta.h"
#include "meta-author.h"
#include "meta-date.h"
#include "meta-int.h"
#include "meta-jsonld.h"
#include "words.h"

/* ---- metadata ---- */

/* The page's <meta> elements, found once: every field looks among them,
 * by the attributes that name them (read once too: a page's dates alone
 * ask for 26 names). */
enum { MK_PROPERTY, MK_NAME, MK_ITEMPROP, MK_CONTENT, MK_N };
static const char *const meta_keys[MK_N] = { "property", "name", "itemprop", "content" };

struct metas {
	const struct dom *d;
	int *id, n;
	const char *(*at)[MK_N];        /* per meta: its keys' values, or NULL */
};

static void
metas_find(const struct dom *d, struct metas *ms)
{
	ms->d = d;
	ms->n = 0;
	ms->id = NULL;
	ms->at = NULL;
	int meta = dom_tag_id(d, "meta"), cap = 0;
	for (int i = 0; meta >= 0 && i < d->n; i++) {
		if (d->tag[i] != meta)
			continue;
		if (ms->n == cap) {
			cap = cap ? 2 * cap : 32;
			ms->id = xreallocarray(ms->id, (size_t)cap, sizeof *ms->id);
			ms->at = xreallocarray(ms->at, (size_t)cap, sizeof *ms->at);
		}
		for (int k = 0; k < MK_N; k++)
			ms->at[ms->n][k] = dom_attr(d, i, meta_keys[k]);
		ms->id[ms->n++] = i;
	}
}

static void
metas_free(struct metas *ms)
{
	free(ms->id);
	free(ms->at);
	ms->id = NULL;
	ms->at = NULL;
	ms->n = 0;
}

static const char *
meta_content(const struct metas *ms, const char *key, const char *value)
{
	int kk = -1;
	for (int k = 0; k < MK_CONTENT; k++)
		if (!strcmp(key, meta_keys[k]))
			kk = k;
	for (int k = 0; k < ms->n; k++) {
		const char *v = kk >= 0 ? ms->at[k][kk] : dom_attr(ms->d, ms->id[k], key);
		if (v && !strcasecmp(v, value)) {
			const char *c = ms->at[k][MK_CONTENT];
			if (c && *c)
				return c;
		}
	}
	return NULL;
}

static const char *
meta_any(const struct metas *ms, const char *value)
{
	const char *c = meta_content(ms, "property", value);
	if (!c)
		c = meta_content(ms, "name", value);
	return c ? c : meta_content(ms, "itemprop", value);
}

/* The page's canonical address: link rel=canonical, else og:url; *from
 * says which. */
static char *
canonical_of(const struct metas *ms, const char **from)
{
	const struct dom *d = ms->d;
	int link_tag = dom_tag_id(d, "link");
	for (int i = 0; link_tag >= 0 && i < d->n; i++) {
		if (d->tag[i] != link_tag)
			continue;
		const char *rel = dom_attr(d, i, "rel");
		const char *href = dom_attr(d, i, "href");
		/* an address has no white space inside: a canonical link's
		 * href that holds the page's title is none */
		while (href && isspace((unsigned char)*href))
			href++;
		size_t hl = href ? strlen(href) : 0;
		while (hl && isspace((unsigned char)href[hl - 1]))
			hl--;
		bool address = hl && strcspn(href, " \t\r\n") >= hl;
		if (rel && address && !strcasecmp(rel, "canonical")) {
			*from = "link rel=canonical";
			return xstrndup(href, hl);
		}
	}
	const char *og = meta_any(ms, "og:url");
	*from = og ? "og:url" : NULL;
	return og ? xstrdup(og) : NULL;
}

static int
first_tag(const struct dom *d, const char *name)
{
	int tag = dom_tag_id(d, name);
	for (int i = 0; tag >= 0 && i < d->n; i++)
		if (d->tag[i] == tag)
			return i;
	return -1;
}

/* The words pith looks for in the names an element gives itself (class,
 * id, itemprop, rel): IW_* bits, and from IW_DATE on, in order, the names
 * of a published date's element. */
static const char *const id_words[] = {
	"comment", "footer", "sidebar", "teaser",
	"publish", "posted", "post-date", "created", "dateline", "date", "datum", "fecha",
	"time", "byline", "meta", "info",
	"author", "autor", "verfasser",
};
enum { IW_NWORDS = sizeof id_words / sizeof id_words[0] };
_Static_assert(IW_NWORDS <= 32, "id_words are bits of a uint32_t");


static void
meta_marks(const struct dom *d, struct marks *mk)
{
	uint8_t *m = mk->flags = xcalloc((size_t)d->n + 1, 1);
	mk->words = xcalloc((size_t)d->n + 1, sizeof *mk->words);
	struct word_memo *memo = word_memo_new(id_words, IW_NWORDS, SIZE_MAX);
	/* ids are in document order: a parent is marked before its children */
	for (int e = 0; e < d->n; e++) {
		uint8_t k = d->parent[e] >= 0 ? m[d->parent[e]] : 0;
		struct idents nm;
		idents_of(d, e, &nm);
		uint32_t ci = (uint32_t)(word_memo_scan(memo, nm.v[0]) | word_memo_scan(memo, nm.v[1]));
		uint32_t ip = (uint32_t)word_memo_scan(memo, nm.v[2]);
		uint32_t all = ci | ip | (uint32_t)word_memo_scan(memo, nm.v[3]);
		mk->words[e] = all;
		/* microdata's Comment is a reply: a thread's replies are no
		 * part of its first post's byline and date */
		if ((ci | ip) & IW_COMMENT && e != d->body && d->parent[e] >= 0)
			k |= MARK_COMMENTS | MARK_CHROME;
		const char *t = dom_tagname(d, e);
		if (!strcmp(t, "nav") || !strcmp(t, "footer") || !strcmp(t, "aside") ||
		    !strcmp(t, "header") || !strcmp(t, "select") || !strcmp(t, "a") ||
		    all & (IW_FOOTER | IW_SIDEBAR | IW_TEASER))
			k |= MARK_CHROME;
		if (all & IW_TEASER)
			k |= MARK_TEASER;
		m[e] = k;
	}
	word_memo_free(memo);
}

/* ---- title ---- */

/* Case-folded containment, for comparing an h1 with the <title>. */
static bool
contains_folded(const char *hay, const char *needle)
{
	struct buf a, b;
	buf_init(&a);
	buf_init(&b);
	squeeze(hay, strlen(hay), &a);
	squeeze(needle, strlen(needle), &b);
	bool yes = a.len && b.len >= 4 && strstr(a.data, b.data);
	buf_free(&a);
	buf_free(&b);
	return yes;
}

/* Does a dash separate what stands at p from what follows? */
static bool
dash_after(const char *p)
{
	return !strncmp(p, " - ", 3) || !strncmp(p, " \u2013 ", 5) || !strncmp(p, " \u2014 ", 5);
}

/* "Headline | Site", "Site | Section | Headline" -> "Headline": split at
 * the separators sites put around their name; drop the parts that name
 * the site (only those when only_site: a headline); of several parts
 * left, keep the longest when a bar or a guillemet separated them (they
 * never stand inside a headline).  A name a dash joins to what follows
 * stays: "Talkspace - Online Therapy", "Nintendo Switch - OLED Model" is
 * a brand before its tagline or its product's model, the title as its
 * reader sees it. */
static void
strip_site(char *title, const char *site, const char *host, bool only_site)
{
	static const char *const seps[] = { " | ", " - ", " – ", " — ", " :: ", " · ",
		" » ", " • ", " ~ ", " : ", " / " };
	enum { MAXP = 8 };
	const char *ps[MAXP];
	size_t pl[MAXP];
	int np = 0;
	bool strong = false;
	const char *p = title, *start = title;
	while (*p && np < MAXP - 1) {
		size_t sl = 0;
		for (size_t s = 0; s < sizeof seps / sizeof seps[0]; s++)
			if (!strncmp(p, seps[s], strlen(seps[s]))) {
				sl = strlen(seps[s]);
				strong |= s == 0 || s >= 4;
				break;
			}
		if (!sl) {
			p++;
			continue;
		}
		ps[np] = start;
		pl[np++] = (size_t)(p - start);
		start = p + sl;
		p = start;
	}
	ps[np] = start;
	pl[np++] = strlen(start);
	if (np < 2)
		return;
	int lo = 0, hi = np - 1;
	bool dropped = false;
	while (hi > lo && names_site(ps[hi], pl[hi], site, host))
		hi--, dropped = true;
	while (lo < hi && names_site(ps[lo], pl[lo], site, host) && !dash_after(ps[lo] + pl[lo]))
		lo++, dropped = true;
	if (!dropped && (!strong || only_site))
		return;
	int best = lo;
	if (strong || dropped)
		for (int i = lo; i <= hi; i++)
			if (pl[i] > pl[best])
				best = i;
	if ((!strong || only_site) && hi > lo) {
		/* dashes may stand inside a headline: keep what is left whole */
		size_t n = (size_t)(ps[hi] + pl[hi] - ps[lo]);
		memmove(title, ps[lo], n);
		title[n] = '\0';
		return;
	}
	memmove(title, ps[best], pl[best]);
	title[pl[best]] = '\0';
}

/* A heading that names the site (its logo, "Gardenary"), not one that
 * holds the site's name among more words ("Gardenary Planting vs.
 * Ordinary Planting"). */
static bool
heading_names_site(const char *h, const char *site, const char *host)
{
	int words = 1;
	for (const char *p = h; *p; p++)
		words += *p == ' ' && p[1] && p[1] != ' ';
	return words < 4 && names_site(h, strlen(h), site, host);
}

static char *url_host(const char *url);

/* Is heading e's text all one link to the site's home page (rel=home,
 * "/", the host's root): the site's name over every page, no headline? */
static bool
home_link(const struct dom *d, int e, const char *host)
{
	int a = dom_tag_id(d, "a");
	for (int k = e + 1; a >= 0 && k < d->end[e]; k++) {
		if (d->tag[k] != a)
			continue;
		if (d->text_begin[k] != d->text_begin[e] || d->text_end[k] != d->text_end[e])
			return false;
		const char *href = dom_attr(d, k, "href");
		if (attr_has(d, k, "rel", "home"))
			return true;
		if (!href)
			return false;
		if (!strcmp(href, "/"))
			return true;
		/* the host's root: its name as url_host() reads it, no path */
		const char *p = strstr(href, "://");
		if (!p || !host)
			return false;
		size_t n = strcspn(p + 3, "/?#");
		if (p[3 + n] && strcmp(p + 3 + n, "/"))
			return false;
		char *h = url_host(href);
		bool home = h && !strcasecmp(h, host);
		free(h);
		return home;
	}
	return false;
}

/* The first h1 (else h2) that the shared titles hold: the headline as
 * the page shows it, without the site's name; *at is its element. */
static char *
headline_in(const struct dom *d, const char *og, const char *tt, const char *jl,
	    const char *site, const char *host, int *at)
{
	static const char *const tags[] = { "h1", "h2" };
	for (size_t k = 0; k < 2; k++) {
		int tag = dom_tag_id(d, tags[k]);
		for (int i = 0; tag >= 0 && i < d->n; i++) {
			/* a heading for screen readers alone is the page's
			 * heading still, named so for them */
			if (d->tag[i] != tag || (d->flags[i] & DOM_SKIP && !dom_for_screen_readers(d, i)))
				continue;
			char *h = headline_text(d, i);
			struct buf a;
			buf_init(&a);
			squeeze(h, strlen(h), &a);
			size_t hl = a.len;
			buf_free(&a);
			const char *const ts[] = { og, tt, jl };
			if (heading_names_site(h, site, host) || home_link(d, i, host))
				hl = 0;
			for (size_t j = 0; j < 3 && hl >= 4; j++) {
				if (!ts[j] || !contains_folded(ts[j], h))
					continue;
				buf_init(&a);
				squeeze(ts[j], strlen(ts[j]), &a);
				/* most of the title, not one word of it */
				bool most = hl * 3 >= a.len;
				buf_free(&a);
				if (most) {
					*at = i;
					return h;
				}
			}
			free(h);
		}
	}
	return NULL;
}

/* Does hay begin with needle's words ("Hiking Boots: Shop Boots for
 * Hiking" with the h1 "Hiking Boots", not "Blogging Tips" with "Blog")?
 * ASCII case folded; spaces and punctuation skipped. */
static bool
begins_words(const char *hay, const char *needle)
{
	const unsigned char *a = (const unsigned char *)hay, *b = (const unsigned char *)needle;
	size_t matched = 0;
	for (;;) {
		while (*b && *b < 0x80 && !isalnum(*b))
			b++;
		if (!*b)
			break;
		while (*a && *a < 0x80 && !isalnum(*a))
			a++;
		if (!*a || tolower(*a) != tolower(*b))
			return false;
		a++, b++, matched++;
	}
	return matched >= 4 && !(*a >= 0x80 || isalnum(*a));
}

/* The next word at *p (a run of letters and digits, or of non-ASCII
 * bytes), its length in *len; *p moves past it.  NULL at the end. */
static const unsigned char *
next_word(const unsigned char **p, size_t *len)
{
	const unsigned char *q = *p;
	while (*q && !(*q >= 0x80 || isalnum(*q)))
		q++;
	const unsigned char *w = q;
	while (*q >= 0x80 || isalnum(*q))
		q++;
	*p = q;
	*len = (size_t)(q - w);
	return *len ? w : NULL;
}

/* Whether the shared titles hold more than a third of h's words (runs
 * of letters and digits, or of non-ASCII bytes; folded as word_is folds):
 * an undated page's only h1 that they hold no more of is no
 * name of the page but a landing page's slogan or a listing's first item
 * (on WCXB's development pages, where the page gives og:title: 1186
 * titles right of 1497 against 1173 taking the h1, none lost on the
 * trafilatura set; on dated pages too, 1188, but a dated page is an
 * article or a post, whose headline the <title> words for search). */
static bool
shares_words(const char *h, const char *og, const char *tt)
{
	int n = 0, in = 0;
	const unsigned char *p = (const unsigned char *)h, *w;
	size_t len;
	while ((w = next_word(&p, &len))) {
		bool found = false;
		const char *const ts[] = { og, tt };
		for (size_t k = 0; k < 2 && !found; k++) {
			if (!ts[k])
				continue;
			const unsigned char *q = (const unsigned char *)ts[k], *v;
			size_t vl, used;
			while (!found && (v = next_word(&q, &vl)))
				found = vl == len && word_is((const char *)v, vl, (const char *)w, len,
							     &used);
		}
		n++;
		in += found;
	}
	return 3 * in > n;
}

/* The page's only h1 (out of empty ones), unless that is the site's
 * name or two words or fewer ("Blog", "Latest news", a placeholder's
 * "Lorem": the shared titles say more) that the shared titles do not
 * begin with ("Hiking Boots" for "Hiking Boots: Shop Boots for Hiking &
 * Backpacking": the headline, the title adding search words), or, on a
 * page that is not dated, that shares a third of its words or fewer
 * with og:title and the <title> where og:title is given; else the
 * headline the page marks (itemprop=headline, class entry-title) out of
 * its chrome; *at is the element, -1 for none. */
static char *
headline_marked(const struct dom *d, const uint8_t *marks, const char *site,
		 const char *host, const char *og, const char *tt, bool dated, int *at)
{
	int h1 = dom_tag_id(d, "h1"), n1 = 0, only = -1, marked_at = -1;
	for (int i = 0; i < d->n; i++) {
		if (d->flags[i] & DOM_SKIP || in_comments(d, marks, i))
			continue;
		if (h1 >= 0 && d->tag[i] == h1 && d->text_end[i] > d->text_begin[i]) {
			char *t = headline_text(d, i);
			if (*t)
				n1++, only = i;
			free(t);
		}
		if (marked_at >= 0 || d->flags[i] & DOM_PHRASING ||
		    d->tag[i] == dom_tag_id(d, "meta"))
			continue;
		if (attr_has(d, i, "itemprop", "headline") || attr_has(d, i, "class", "entry-title") ||
		    attr_has(d, i, "class", "article-title") || attr_has(d, i, "class", "post-title")) {
			char *h = element_text(d, i);
			if (strlen(h) >= 4 && strlen(h) < 300 && !names_site(h, strlen(h), site, host) &&
			    !(marks[i] & MARK_CHROME && (h1 < 0 || d->tag[i] != h1)))
				marked_at = i;
			free(h);
		}
	}
	if (n1 == 1) {
		char *h = headline_text(d, only);
		int words = 1;
		for (const char *p = h; *p; p++)
			words += *p == ' ';
		if (strlen(h) >= 4 && strlen(h) < 300 && !heading_names_site(h, site, host) &&
		    (words > 2 || (og && begins_words(og, h)) || (tt && begins_words(tt, h))) &&
		    (!og || dated || shares_words(h, og, tt))) {
			*at = only;
			return h;
		}
		free(h);
	}
	*at = marked_at;
	return marked_at >= 0 ? element_text(d, marked_at) : NULL;
}

static char *
url_host(const char *url)
{
	const char *p = url ? strstr(url, "://") : NULL;
	if (!p)
		return NULL;
	p += 3;
	size_t n = strcspn(p, "/:?#");
	if (n > 4 && !strncasecmp(p, "www.", 4))
		p += 4, n -= 4;
	/* the registrable part matters: drop the top-level domain */
	const char *dot = memrchr(p, '.', n);
	if (dot)
		n = (size_t)(dot - p);
	return xstrndup(p, n);
}

/* ---- language ---- */

static char *
lang_norm(const char *v)
{
	while (*v == ' ')
		v++;
	size_t n = strcspn(v, ",; ");
	if (n < 2 || n > 20)
		return NULL;
	char *r = xstrndup(v, n);
	for (char *c = r; *c; c++)
		*c = *c == '_' ? '-' : *c;
	return r;
}

/* The language the text's script says, when it says one. */
static const char *
lang_from_script(const struct dom *d)
{
	size_t han = 0, kana = 0, hangul = 0, cyr = 0, uk = 0, greek = 0, thai = 0, all = 0;
	for (int t = 0; t < d->ntexts; t++) {
		if (d->texts[t].flags & TEXT_SKIP)
			continue;
		FOR_EACH_CHAR(dom_text(d, t), d->texts[t].len, cp, {
			all++;
			if (cp >= 0x4e00 && cp <= 0x9fff) han++;
			else if (cp >= 0x3040 && cp <= 0x30ff) kana++;
			else if (cp >= 0xac00 && cp <= 0xd7af) hangul++;
			else if (cp >= 0x400 && cp <= 0x4ff) {
				cyr++;
				uk += cp == 0x456 || cp == 0x457 || cp == 0x454 || cp == 0x491;
			} else if (cp >= 0x370 && cp <= 0x3ff) greek++;
			else if (cp >= 0xe00 && cp <= 0xe7f) thai++;
		});
	}
	if (!all)
		return NULL;
	if (kana * 20 > all)
		return "ja";
	if (hangul * 3 > all)
		return "ko";
	if (han * 3 > all)
		return "zh";
	if (greek * 3 > all)
		return "el";
	if (thai * 3 > all)
		return "th";
	if (cyr * 3 > all)
		return uk * 200 > cyr ? "uk" : "ru";
	return NULL;
}

/* ---- the whole ---- */

static void
list_add(char ***v, int *n, const char *s)
{
	char *c = nonempty_dup(s, strlen(s));
	if (!c)
		return;
	for (int i = 0; i < *n; i++)
		if (!strcmp((*v)[i], c)) {
			free(c);
			return;
		}
	*v = xreallocarray(*v, (size_t)*n + 1, sizeof **v);
	(*v)[(*n)++] = c;
}

static void
meta_all(const struct metas *ms, const char *key, char ***v, int *n)
{
	for (int m = 0; m < ms->n; m++) {
		int i = ms->id[m];
		const char *k = dom_attr(ms->d, i, "property");
		if (!k)
			k = dom_attr(ms->d, i, "name");
		const char *c = dom_attr(ms->d, i, "content");
		if (k && c && !strcasecmp(k, key))
			list_add(v, n, c);
	}
}

/* A date value from metadata, normalised; NULL when it is none. */
static char *
date_value(const char *v, const char *lang)
{
	if (!v)
		return NULL;
	char *iso = extract_date_iso(v);
	if (iso)
		return iso;
	char day[11];
	return extract_date_text(v, strlen(v), lang, day) ? xstrdup(day) : NULL;
}

/* 'from "value"' added to *over (see struct page_meta): the first four
 * values, each once. */
static void
over_add(char **over, const char *from, const char *value)
{
	struct buf b, q;
	buf_init(&b);
	buf_init(&q);
	buf_printf(&b, "%s \"%s\"", from, value);
	buf_printf(&q, "\"%s\"", value);
	int n = 1;
	for (const char *p = *over; p && (p = strstr(p, "; ")); p += 2)
		n++;
	bool known = *over && strstr(*over, q.data);
	buf_free(&q);
	if (!*over) {
		*over = buf_steal(&b, NULL);
		return;
	}
	/* a value two sources give is said once, with the first */
	if (n < 4 && !known) {
		struct buf o;
		buf_init(&o);
		buf_printf(&o, "%s; %s", *over, b.data);
		free(*over);
		*over = buf_steal(&o, NULL);
	}
	buf_free(&b);
}

static bool
set_date(struct page_meta *m, char *v, const char *from)
{
	if (m->date || !v) {
		if (m->date && v && strncmp(m->date, v, 10))
			over_add(&m->date_over, from, v);
		free(v);
		return m->date != NULL;
	}
	m->date = v;
	m->date_from = from;
	return true;
}

/* The days the page's machine-readable dates name (published,
 * modified, <time>, the URL), to confirm the one the page shows. */
struct days {
	char day[32][11];
	int n;
};

static void
days_add(struct days *ds, const char *iso)
{
	if (iso && strlen(iso) >= 10 && ds->n < 32) {
		memcpy(ds->day[ds->n], iso, 10);
		ds->day[ds->n++][10] = 0;
	}
}

static bool
days_has(const struct days *ds, const char *day)
{
	for (int i = 0; i < ds->n; i++)
		if (!strncmp(ds->day[i], day, 10))
			return true;
	return false;
}

/* Days since 1970-01-01 of a civil date (proleptic Gregorian). */
static long
civil_days(int y, int m, int d)
{
	y -= m <= 2;
	long era = (y >= 0 ? y : y - 399) / 400;
	long yoe = y - era * 400;
	long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/* How many days lie between the days of ISO dates a and b; a large
 * number when either is none. */
static long
days_apart(const char *a, const char *b)
{
	int y, m, d, y2, m2, d2;
	if (sscanf(a, "%4d-%2d-%2d", &y, &m, &d) != 3 || sscanf(b, "%4d-%2d-%2d", &y2, &m2, &d2) != 3)
		return 100000;
	return labs(civil_days(y, m, d) - civil_days(y2, m2, d2));
}

/* Does s open with a day and a month in numbers that may be read
 * either way round ("11/01/2023", "03-09-2026": both 12 or less, not
 * the same)? */
static bool
day_or_month(const char *s)
{
	int a, b, y, len = 0;
	char s1, s2;
	if (!s)
		return false;
	while (isspace((unsigned char)*s))
		s++;
	if (sscanf(s, "%2d%c%2d%c%4d%n", &a, &s1, &b, &s2, &y, &len) != 5 || len < 8 ||
	    s1 != s2 || (s1 != '/' && s1 != '-' && s1 != '.'))
		return false;
	return a >= 1 && a <= 12 && b >= 1 && b <= 12 && a != b;
}

/* Are ISO dates a and b of one year with day and month swapped? */
static bool
swapped(const char *a, const char *b)
{
	int y, m, d, y2, m2, d2;
	return sscanf(a, "%4d-%2d-%2d", &y, &m, &d) == 3 &&
	       sscanf(b, "%4d-%2d-%2d", &y2, &m2, &d2) == 3 && y == y2 && m == d2 && d == m2 &&
	       m != d;
}

/* The minute an ISO time with its zone ("2025-12-19T04:25:38+05:00",
 * "...Z") names, counted in UTC; false when it gives no zone. */
static bool
instant(const char *iso, long *minutes)
{
	int y, m, d, hh, mm, zh = 0, zm = 0;
	if (strlen(iso) < 17 || sscanf(iso, "%4d-%2d-%2dT%2d:%2d", &y, &m, &d, &hh, &mm) != 5)
		return false;
	const char *z = iso + 16;
	z += strspn(z, ":.0123456789");
	int sign = *z == '-' ? -1 : 1;
	if (*z == 'Z' && !z[1])
		sign = 0;
	else if ((*z != '+' && *z != '-') || sscanf(z + 1, "%2d", &zh) != 1 ||
		 (z[3] && sscanf(z + 3 + (z[3] == ':'), "%2d", &zm) != 1))
		return false;
	*minutes = (civil_days(y, m, d) * 24 + hh) * 60 + mm - (long)sign * (zh * 60 + zm);
	return true;
}

/* Is day the one a reader in another time zone sees for the instant
 * iso ("2019-10-18T22:04:00Z")?  A timestamp in UTC is one instant; the
 * page shows it in its own zone, which moves the day by one at most:
 * forward when the time is late, back when it is early.  A timestamp in
 * the page's own zone already has the page's day. */
static bool
zone_moves(const char *iso, const char *day)
{
	int y, m, d, hh, mm, y2, m2, d2;
	if (strlen(iso) < 20 || sscanf(iso, "%4d-%2d-%2dT%2d:%2d", &y, &m, &d, &hh, &mm) != 5 ||
	    sscanf(day, "%4d-%2d-%2d", &y2, &m2, &d2) != 3)
		return false;
	/* only a time in UTC: one given in its own zone (-05:00) is the
	 * page's, and so is its day */
	const char *z = iso + 19;
	if (*z == '.')
		z += 1 + strspn(z + 1, "0123456789");
	if (strcmp(z, "Z") && strcmp(z, "+00:00") && strcmp(z, "-00:00"))
		return false;
	long delta = civil_days(y2, m2, d2) - civil_days(y, m, d);
	return (delta == 1 && hh >= 12) || (delta == -1 && hh < 12);
}

/* The first date of element e, whose text is t: each of its texts
 * alone first, in order, then t, where they run together.  Inline
 * elements' texts join with no space ("Mental Health" and "December 22,
 * 2022" in two spans read "HealthDecember 22, 2022Updated: ..."), which
 * hides a date a word boundary must open or close, and leaves the next
 * one; a date written across elements ("<b>22</b> May") is in t alone. */
static bool
date_of_element(const struct dom *d, int e, const char *t, const char *lang, char day[11])
{
	for (int k = d->text_begin[e]; k < d->text_end[e]; k++)
		if (!(d->texts[k].flags & (TEXT_SKIP | TEXT_BREAK)) &&
		    extract_date_text(dom_text(d, k), d->texts[k].len, lang, day))
			return true;
	return extract_date_text(t, strlen(t), lang, day);
}

/* Does the line s[0..n) say, before its date, that it gives an update's
 * day ("Letzte \u00c4nderung: 31.10.2023", "Last updated 3 May")? */
static bool
update_line(const char *s, size_t n)
{
	static const char *const labels[] = { "updated", "modified", "aktualisiert",
		"\u00e4nderung", "\u00c4nderung", "ge\u00e4ndert", "mis \u00e0 jour", "actualizado",
		"aggiornato", "bijgewerkt" };
	size_t at = 0;
	while (at < n && !isdigit((unsigned char)s[at]))
		at++;
	char *head = xstrndup(s, at);
	bool yes = false;
	for (size_t i = 0; i < sizeof labels / sizeof labels[0] && !yes; i++)
		yes = ascii_casestr(head, labels[i]) != NULL;
	free(head);
	return yes;
}

/* Is s[0..n) white space alone? */
static bool
blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isspace((unsigned char)s[i]))
			return false;
	return true;
}

/* The day of a short line among the three lines before heading h1
 * (outside the site's chrome; not an update's) into day, and how many
 * lines above the heading it stands (1 for the line right above); 0
 * for none. */
static int
dateline_above(const struct dom *d, const uint8_t *marks, int h1, const char *lang, char day[11])
{
	for (int t = d->text_begin[h1] - 1, k = 0; t >= 0 && k < 3; t--) {
		const struct dom_text *x = &d->texts[t];
		const char *s = dom_text(d, t);
		if (x->flags & TEXT_SKIP || blank(s, x->len))
			continue;
		if (marks[x->elem] & MARK_CHROME)
			return 0;
		k++;
		if (x->len <= 100 && !update_line(s, x->len) && extract_date_text(s, x->len, lang, day))
			return k;
	}
	return 0;
}

/* An element whose names say date (a word of id_words from IW_DATE on,
 * w its first), and whether it stands in another story's teaser. */
struct named_cand {
	int w, i;
	bool teaser;
};

/* The day of the first of cand[0..n) in teasers or not (as teasers
 * says) that gives one, by the order of their words, into day. */
static bool
named_date(const struct dom *d, const struct named_cand *cand, size_t n, bool teasers,
	   const char *lang, char day[11])
{
	for (int w = IW_DATE; w < IW_DATE_END; w++)
		for (size_t k = 0; k < n; k++) {
			if (cand[k].w != w || cand[k].teaser != teasers)
				continue;
			char *t = element_text(d, cand[k].i);
			bool ok = strlen(t) < 200 && date_of_element(d, cand[k].i, t, lang, day);
			free(t);
			if (ok)
				return true;
		}
	return false;
}

/* A published date written on the page: in elements whose class or id
 * says date or time, then in the text by the title (after it, or a
 * dateline above it that stands nearer). */
static char *
date_from_text(const struct dom *d, const struct marks *mk, int h1, const char *lang,
	       bool anywhere, const char **from)
{
	const uint8_t *marks = mk->flags;
	char day[11];
	/* the publication's own names first (id_words from IW_DATE on, in
	 * order; a page has event dates too), each in document order: an
	 * element is tried once, at the first word it holds.  The elements
	 * named so are found in one pass, then tried in that order. */
	const uint32_t date_words = ((1u << IW_DATE_END) - 1) & ~((1u << IW_DATE) - 1);
	struct named_cand *cand = NULL;
	size_t ncand = 0, cap = 0;
	/* a teaser is another story's card, but for one that holds the
	 * headline (a German page's "teaser", its lead figure and title):
	 * the outermost such around the h1 */
	int own_teaser = -1;
	for (int a = h1; a >= 0; a = d->parent[a])
		if (mk->words[a] & IW_TEASER)
			own_teaser = a;
	for (int i = d->body >= 0 ? d->body : 0; i < d->n; i++) {
		uint32_t named = mk->words[i] & date_words;
		if (!named)
			continue;
		/* to confirm another date, only by the headline: what stands
		 * above it is often the site's today, what comes long after
		 * it other stories' */
		if (!anywhere && ((i < h1 && d->end[i] <= h1) ||
				  d->text_begin[i] > d->text_end[h1] + 60))
			continue;
		if (mk->words[i] & IW_TEASER || d->flags[i] & DOM_SKIP || in_comments(d, marks, i) ||
		    d->text_end[i] - d->text_begin[i] > 40)
			continue;
		if (ncand == cap) {
			cap = cap ? 2 * cap : 16;
			cand = xreallocarray(cand, cap, sizeof *cand);
		}
		cand[ncand].w = __builtin_ctz(named);
		cand[ncand].teaser = marks[i] & MARK_TEASER &&
				     !(own_teaser >= 0 && i >= own_teaser && i < d->end[own_teaser]);
		cand[ncand++].i = i;
	}
	/* those outside another story's teaser first; those in one after
	 * the lines by the headline */
	if (named_date(d, cand, ncand, false, lang, day)) {
		free(cand);
		*from = "text";
		return xstrdup(day);
	}
	/* a dateline set just above the headline ("21. Jan 2022 // Dominik
	 * Ricker"): of the three lines before it, outside the site's
	 * chrome, when nearer than a dated line after it */
	char above[11];
	int above_at = anywhere && h1 >= 0 ? dateline_above(d, marks, h1, lang, above) : 0;
	for (int pass = 0; h1 >= 0 && pass < 2; pass++)
		for (int t = d->text_begin[h1], lines = 0; t < d->text_end[h1] + 60 && t < d->ntexts; t++) {
			if (d->texts[t].flags & TEXT_SKIP)
				continue;
			lines += t >= d->text_end[h1] && !blank(dom_text(d, t), d->texts[t].len);
			if ((pass || !update_line(dom_text(d, t), d->texts[t].len)) &&
			    extract_date_text(dom_text(d, t), d->texts[t].len, lang, day)) {
				free(cand);
				*from = "text";
				/* a tie goes to the line above when the one
				 * after is a sentence, not a dateline */
				bool up = above_at && (above_at < lines ||
						       (above_at == lines && d->texts[t].len > 100));
				return xstrdup(up ? above : day);
			}
		}
	if (above_at) {
		free(cand);
		*from = "text";
		return xstrdup(above);
	}
	bool found = named_date(d, cand, ncand, true, lang, day);
	free(cand);
	if (found) {
		*from = "text";
		return xstrdup(day);
	}
	/* last, the first short dated line of the page outside its
	 * navigation, header, footer, asides and comments; one that says
	 * it was updated only where no other line is dated */
	for (int pass = 0; anywhere && pass < 2; pass++)
		for (int t = 0; t < d->ntexts; t++) {
			const struct dom_text *x = &d->texts[t];
			if (x->flags & TEXT_SKIP || x->len > 100)
				continue;
			bool chrome = marks[x->elem] & MARK_CHROME;
			if (!chrome && (pass || !update_line(dom_text(d, t), x->len)) &&
			    extract_date_text(dom_text(d, t), x->len, lang, day)) {
				*from = "text";
				return xstrdup(day);
			}
		}
	return NULL;
}

/* What every field of extract_meta_url looks at, found once. */
struct meta_ctx {
	const struct dom *d;
	struct jsonld jl;
	struct marks mk;
	struct metas ms;
	const char *url;        /* the page's address, or its canonical one */
	char *host;
	int h1;                 /* the first h1, or -1 */
	char latest[11];        /* the last day a date of the page can be */
};

/* Whether the page is dated, as the title and the byline read it: it has
 * a date, but for one JSON-LD gives the WebPage alone (a publishing
 * tool's on every page), which extract_dated does not count either;
 * where JSON-LD gives one, the other sources it beat are not asked
 * again.  After meta_dates. */
static bool
page_dated(const struct meta_ctx *c, const struct page_meta *meta)
{
	return meta->date && (c->jl.dated_main || strcmp(meta->date_from, "json-ld"));
}

static void
meta_ctx_free(struct meta_ctx *c)
{
	free(c->host);
	free(c->mk.flags);
	free(c->mk.words);
	metas_free(&c->ms);
	jsonld_free(&c->jl);
}

/* A publication's day lies between 1990 and the page's capture (or
 * today), a day past either for the time zones: a date out of these is
 * none of the page's (a "2089" typed for "2019", an event's date).
 * Takes v; v or NULL. */
static char *
date_in(const struct meta_ctx *c, char *v)
{
	if (v && (strncmp(v, "1990-01-01", 10) < 0 || strncmp(v, c->latest, 10) > 0)) {
		free(v);
		return NULL;
	}
	return v;
}

/* The day after the ISO date or time s (UTC), or after today for NULL. */
static void
day_after(const char *s, char out[11])
{
	struct tm tm;
	memset(&tm, 0, sizeof tm);
	int y, m, d;
	if (s && sscanf(s, "%4d-%2d-%2d", &y, &m, &d) == 3) {
		tm.tm_year = y - 1900;
		tm.tm_mon = m - 1;
		tm.tm_mday = d + 1;
		tm.tm_hour = 12;
		time_t t = timegm(&tm);
		gmtime_r(&t, &tm);
	} else {
		time_t t = time(NULL) + (time_t)24 * 3600;
		gmtime_r(&t, &tm);
	}
	strftime(out, 11, "%Y-%m-%d", &tm);
}

/* Language first: the visible dates are read in it. */
static void
meta_language(struct meta_ctx *c, struct page_meta *meta)
{
	int html = first_tag(c->d, "html");
	const char *lv = html >= 0 ? dom_attr(c->d, html, "lang") : NULL;
	if (!lv && html >= 0)
		lv = dom_attr(c->d, html, "xml:lang");
	if (lv)
		meta->language = lang_norm(lv);
	if (!meta->language && (lv = meta_content(&c->ms, "http-equiv", "content-language")))
		meta->language = lang_norm(lv);
	if (!meta->language && (lv = meta_any(&c->ms, "og:locale")))
		meta->language = lang_norm(lv);
	if (meta->language) {
		meta->language_from = "html";
	} else {
		const char *s = lang_from_script(c->d);
		if (s) {
			meta->language = xstrdup(s);
			meta->language_from = "script";
		}
	}
}

static void
meta_site(struct meta_ctx *c, struct page_meta *meta)
{
	const char *site = meta_any(&c->ms, "og:site_name");
	if (site && (meta->site = nonempty_dup(site, strlen(site))))
		meta->site_from = "og:site_name";
	if (!meta->site && c->jl.publisher) {
		meta->site = xstrdup(c->jl.publisher);
		meta->site_from = "json-ld publisher";
	}
	if (!meta->site && (site = meta_content(&c->ms, "name", "application-name")) &&
	    (meta->site = nonempty_dup(site, strlen(site))))
		meta->site_from = "application-name";
}

/* Is part the whole but for a kicker or a site's name set off by a
 * separator ("Local News | Headline", "Headline | SITE")?  Both are
 * collapsed; case is folded in ASCII. */
static bool
title_part(const char *whole, const char *part)
{
	static const char *const seps[] = { " | ", " \u00bb " };
	size_t w = strlen(whole), n = strlen(part);
	if (n < 8 || w <= n)
		return false;
	for (size_t k = 0; k < sizeof seps / sizeof seps[0]; k++) {
		size_t l = strlen(seps[k]);
		if (w < n + l + 1)
			continue;
		if (!strncasecmp(whole, part, n) && !strncmp(whole + n, seps[k], l))
			return true;
		if (!strcasecmp(whole + w - n, part) && !strncmp(whole + w - n - l, seps[k], l))
			return true;
	}
	return false;
}

/* Drop from meta->title the text of heading e's first child element
 * when it opens the heading, is five words at most, and the shared
 * title opens with it and a separator. */
static void
drop_kicker(const struct dom *d, int e, const char *shared, struct page_meta *meta)
{
	int k = d->first_child[e];
	while (k >= 0 && d->text_begin[k] == d->text_end[k])
		k = d->next_sibling[k];
	if (k < 0 || !shared || d->text_begin[k] != d->text_begin[e])
		return;
	char *kick = element_text(d, k), *sh = collapsed_dup(shared, strlen(shared));
	refs_decode(sh);
	size_t n = strlen(kick), words = 1;
	for (const char *p = kick; *p; p++)
		words += *p == ' ';
	/* not a colon: "<em>Dune</em>: Part Two" is one headline */
	static const char *const seps[] = { " - ", " | ", " \u2013 ", " \u2014 " };
	bool set_off = false;
	for (size_t i = 0; n >= 3 && words <= 5 && i < sizeof seps / sizeof seps[0]; i++)
		set_off |= !strncasecmp(sh, kick, n) && !strncmp(sh + n, seps[i], strlen(seps[i]));
	if (set_off && !strncasecmp(meta->title, kick, n)) {
		const char *rest = meta->title + n;
		for (;;) {
			if (*rest == ' ' || *rest == '-' || *rest == '|' || *rest == ':')
				rest++;
			else if (!strncmp(rest, "\u2013", 3) || !strncmp(rest, "\u2014", 3))
				rest += 3;
			else
				break;
		}
		/* the rest is the headline: words, more than the kicker */
		if (strlen(rest) > n) {
			over_add(&meta->title_over, "h1", meta->title);
			memmove(meta->title, rest, strlen(rest) + 1);
		}
	}
	free(kick);
	free(sh);
}

/* Does s open with a separator and a space (" | Site", "- Site", "–
 * Site")?  Not a quotation mark: "»frag.jetzt« – ARSnova" is a name. */
static bool
opens_with_separator(const char *s)
{
	static const char *const seps[] = { "|", "-", "\u2013", "\u2014", ":", "\u00b7" };
	while (isspace((unsigned char)*s))
		s++;
	for (size_t k = 0; k < sizeof seps / sizeof seps[0]; k++) {
		size_t l = strlen(seps[k]);
		if (!strncmp(s, seps[k], l) && s[l] == ' ')
			return true;
	}
	return false;
}

static void
meta_title(struct meta_ctx *c, struct page_meta *meta)
{
	/* Title: the page's one h1 when the shared title (og:title, the
	 * <title>) holds it, as it then is the headline without the site's
	 * name; else og:title, JSON-LD's headline or <title> with the site's
	 * name taken off; else the first h1. */
	const char *og = meta_any(&c->ms, "og:title");
	if (!og)
		og = meta_any(&c->ms, "twitter:title");
	int te = first_tag(c->d, "title");
	char *tt = te >= 0 ? element_text(c->d, te) : NULL;
	/* a title that opens with its separator (" | Nuts & Volts
	 * Magazine") lost its headline to a template: the site's name is
	 * all it gives */
	if (tt && opens_with_separator(tt)) {
		free(tt);
		tt = NULL;
	}
	if (og && opens_with_separator(og))
		og = NULL;
	int at = -1;
	bool dated = page_dated(c, meta);
	char *ht = headline_in(c->d, og, tt, c->jl.headline, meta->site, c->host, &at);
	if (!ht)
		ht = headline_marked(c->d, c->mk.flags, meta->site, c->host, og, tt, dated, &at);
	if (ht) {
		meta->title = xstrdup(ht);
		meta->title_from = "h1";
	} else if (og && (meta->title = nonempty_dup(og, strlen(og)))) {
		meta->title_from = "og:title";
	} else if (c->jl.headline) {
		meta->title = xstrdup(c->jl.headline);
		meta->title_from = "json-ld";
	} else if (tt && *tt) {
		meta->title = xstrdup(tt);
		meta->title_from = "title";
	}
	if (!meta->title && c->h1 >= 0) {
		/* nothing better: the first h1 as it reads */
		char *h = headline_text(c->d, c->h1);
		if (h && *h) {
			meta->title = h;
			meta->title_from = "h1";
			at = c->h1;
		} else {
			free(h);
		}
	}
	if (meta->title) {
		/* a title escaped twice ("TFC8&amp;reg;") reads as once */
		refs_decode(meta->title);
		strip_site(meta->title, meta->site, c->host, !strcmp(meta->title_from, "h1"));
	}
	/* a date set before the headline with a separator ("23.01.2022 -
	 * Headline") is not its words */
	if (meta->title) {
		static const char *const seps[] = { " - ", " | ", " \u2013 ", " \u2014 " };
		for (size_t k = 0; k < sizeof seps / sizeof seps[0]; k++) {
			char *q = strstr(meta->title, seps[k]);
			char day[11];
			size_t pl = q ? (size_t)(q - meta->title) : 0;
			if (q && pl <= 20 && q[strlen(seps[k])] &&
			    extract_date_text(meta->title, pl, meta->language, day)) {
				memmove(meta->title, q + strlen(seps[k]), strlen(q + strlen(seps[k])) + 1);
				break;
			}
		}
	}
	/* a kicker in the headline's first element ("<span>Die Zukunft der
	 * Arbeit</span>Wir dekorieren ..."), which the shared title sets
	 * off with a separator, is no word of the headline */
	if (meta->title && !strcmp(meta->title_from, "h1") && at >= 0)
		drop_kicker(c->d, at, og ? og : tt, meta);
	/* the h1 with a kicker or the site's name the shared title leaves
	 * off: the shared title says which part is the headline */
	if (meta->title && !strcmp(meta->title_from, "h1") && og) {
		char *o = collapsed_dup(og, strlen(og));
		refs_decode(o);
		strip_site(o, meta->site, c->host, false);
		if (title_part(meta->title, o)) {
			over_add(&meta->title_over, "h1", meta->title);
			free(meta->title);
			meta->title = o;
			meta->title_from = "og:title";
			o = NULL;
		}
		free(o);
	}
	/* the shared titles it beat, each as it reads with the site's
	 * name taken off */
	const char *others[][2] = { { "og:title", og }, { "json-ld", c->jl.headline },
				    { "title", tt } };
	for (size_t k = 0; meta->title && k < 3; k++) {
		if (!others[k][1] || !strcmp(others[k][0], meta->title_from))
			continue;
		char *o = nonempty_dup(others[k][1], strlen(others[k][1]));
		if (o) {
			refs_decode(o);
			strip_site(o, meta->site, c->host, false);
		}
		struct buf x, y;
		buf_init(&x);
		buf_init(&y);
		if (o) {
			squeeze(o, strlen(o), &x);
			squeeze(meta->title, strlen(meta->title), &y);
		}
		if (o && x.len && (!y.len || strcmp(x.data, y.data)))
			over_add(&meta->title_over, others[k][0], o);
		buf_free(&x);
		buf_free(&y);
		free(o);
	}
	free(tt);
	free(ht);
}

/* Do two names name the same person ("Dr. Andrew Huberman", "Andrew
 * Huberman")?  Their letters, folded, one inside the other. */
static bool
same_name(const char *a, const char *b)
{
	struct buf x, y;
	buf_init(&x);
	buf_init(&y);
	squeeze(a, strlen(a), &x);
	squeeze(b, strlen(b), &y);
	bool yes = x.len >= 2 && y.len >= 2 &&
		   (x.len <= y.len ? strstr(y.data, x.data) : strstr(x.data, y.data)) != NULL;
	buf_free(&x);
	buf_free(&y);
	return yes;
}

/* An author a source of the head gives, and the source. */
enum { MAX_AUTHOR_SOURCES = 12 };
struct author_source {
	char *name;
	const char *from;
};

/* The first of the names the page's visible text holds (their letters
 * and the text's, folded), or -1: the text is read once for them all. */
static int
first_shown_on_page(const struct meta_ctx *c, const struct author_source *as, int n)
{
	int body = first_tag(c->d, "body");
	if (body < 0)
		return -1;
	char *t = element_text(c->d, body);
	struct buf x, y;
	buf_init(&x);
	buf_init(&y);
	squeeze(t, strlen(t), &x);
	free(t);
	int pick = -1;
	for (int i = 0; i < n && pick < 0 && x.len; i++) {
		y.len = 0;
		squeeze(as[i].name, strlen(as[i].name), &y);
		if (y.len >= 2 && strstr(x.data, y.data))
			pick = i;
	}
	buf_free(&x);
	buf_free(&y);
	return pick;
}

/* A paper's authors, one citation_author tag each, "Last, First" as
 * "First Last", joined with "; " in their order. */
static char *
citation_authors(const struct metas *ms)
{
	char **v = NULL;
	int nv = 0;
	meta_all(ms, "citation_author", &v, &nv);
	struct buf b;
	buf_init(&b);
	for (int i = 0; i < nv; i++) {
		refs_decode(v[i]);
		char *comma = strchr(v[i], ',');
		char *name;
		if (comma && !strchr(comma + 1, ',')) {
			const char *first = comma + 1;
			while (*first == ' ')
				first++;
			struct buf nb;
			buf_init(&nb);
			buf_printf(&nb, "%s %.*s", first, (int)(comma - v[i]), v[i]);
			name = buf_steal(&nb, NULL);
		} else {
			name = xstrdup(v[i]);
		}
		if ((name = clean_author(name))) {
			if (b.len)
				buf_adds(&b, "; ");
			buf_adds(&b, name);
		}
		free(name);
		free(v[i]);
	}
	free(v);
	return b.len ? buf_steal(&b, NULL) : (buf_free(&b), NULL);
}

/* The name a meta tag's value v gives, entities decoded and cleaned
 * (clean_name where named: a login's digits allowed); NULL for none, a
 * handle ("@jane") or a profile's address. */
static char *
tag_author(const char *v, bool named)
{
	if (!v || *v == '@' || strstr(v, "://"))
		return NULL;
	char *d = nonempty_dup(v, strlen(v));
	if (d)
		refs_decode(d);
	return named ? clean_name(d) : clean_author(d);
}

/* The authors the head gives, in their order: JSON-LD's person, then
 * the meta tags. */
static int
author_sources(struct meta_ctx *c, struct author_source *as)
{
	int n = 0;
	char *a = c->jl.author && !c->jl.author_org ? clean_author(xstrdup(c->jl.author)) : NULL;
	/* the publisher named as author is the organisation, not a person */
	if (a && c->jl.publisher && same_name(a, c->jl.publisher) &&
	    strlen(c->jl.publisher) <= strlen(a) + 4) {
		free(a);
		a = NULL;
		c->jl.author_org = true;
	}
	if (a)
		as[n++] = (struct author_source){ a, "json-ld" };
	static const char *const keys[] = { "article:author", "author", "dc.creator",
		"dcterms.creator", "citation_author", "parsely-author", "sailthru.author", "byl",
		"twitter:creator" };
	for (size_t k = 0; k < sizeof keys / sizeof keys[0] && n < MAX_AUTHOR_SOURCES; k++) {
		if (!strcmp(keys[k], "citation_author")) {
			if ((a = citation_authors(&c->ms)))
				as[n++] = (struct author_source){ a, "meta" };
			continue;
		}
		/* a tag that holds a name alone may hold a login's digits
		 * ("ggailey777") */
		if ((a = tag_author(meta_any(&c->ms, keys[k]), true)))
			as[n++] = (struct author_source){ a, "meta" };
	}
	/* a link preview's label and value ("twitter:label1" "Written by",
	 * "twitter:data1" the name), as Yoast and others write them (the
	 * label in the site's language; strcasecmp folds ASCII only: the
	 * French label is listed with its capital too) */
	for (int k = 1; k <= 4 && n < MAX_AUTHOR_SOURCES; k++) {
		char key[32];
		snprintf(key, sizeof key, "twitter:label%d", k);
		const char *label = meta_any(&c->ms, key);
		static const char *const says[] = { "written by", "geschrieben von", "verfasst von",
			"\u00e9crit par", "\u00c9crit par", "escrito por", "scritto da",
			"geschreven door" };
		bool writer = false;
		for (size_t w = 0; label && w < sizeof says / sizeof says[0]; w++)
			writer |= !strcasecmp(label, says[w]);
		if (!writer)
			continue;
		snprintf(key, sizeof key, "twitter:data%d", k);
		if ((a = tag_author(meta_any(&c->ms, key), false)))
			as[n++] = (struct author_source){ a, "meta" };
		break;
	}
	return n;
}

static void
meta_author(struct meta_ctx *c, struct page_meta *meta)
{
	/* Author: the head's sources (JSON-LD's person, then the meta tags)
	 * agreeing decide; where they disagree, the one the page shows in its
	 * byline or text wins, else the first.  The site's own name, a login
	 * or an organisation give way to a person's byline on the page. */
	struct author_source as[MAX_AUTHOR_SOURCES];
	int n = author_sources(c, as), best = -1, best_votes = 0;
	for (int i = 0; i < n; i++) {
		int votes = 0;
		for (int j = 0; j < n; j++)
			votes += i == j || same_name(as[i].name, as[j].name);
		if (votes > best_votes)
			best = i, best_votes = votes;
	}
	const char *from = NULL;
	char *shown = NULL;
	bool disputed = false;
	/* the site's name given by two sources, or by JSON-LD as a Person
	 * (an Organization is not read as the author), is the person the
	 * site is named after (a personal blog) */
	bool weak = best >= 0 && weak_author(as[best].name, meta->site, c->host) &&
		    (login_like(as[best].name) ||
		     (best_votes < 2 && strcmp(as[best].from, "json-ld") != 0));
	/* a tag giving the site's name or a login ("author" as the brand)
	 * disputes no person's name */
	for (int i = 0; i < n && best >= 0; i++)
		disputed |= !same_name(as[i].name, as[best].name) &&
			    (weak || !weak_author(as[i].name, meta->site, c->host));
	/* the page's byline, read even where the head agrees: it may name
	 * more than the head does */
	if ((shown = author_thread_starter(c->d)))
		from = "thread starter";
	if (!shown)
		shown = author_from_page(c->d, &c->mk, &from);
	if (!shown && (shown = author_from_byline(c->d, c->mk.flags,
			c->h1 >= 0 ? c->h1 : first_tag(c->d, "h2"), meta->language)))
		from = "byline";
	if (!shown && (shown = author_after_label(c->d, c->mk.flags, page_dated(c, meta))))
		from = "byline";
	if (!shown && (shown = author_from_link(c->d, c->mk.flags)))
		from = "author link";
	bool matched = false;
	if (disputed) {
		/* the one the page shows, else the first the page's text holds */
		int pick = -1;
		for (int i = 0; i < n && pick < 0 && shown; i++)
			if (same_name(as[i].name, shown))
				pick = i;
		matched = pick >= 0;
		if (pick < 0)
			pick = first_shown_on_page(c, as, n);
		if (pick >= 0)
			best = pick;
	}
	bool shown_ok = shown && !weak_author(shown, meta->site, c->host);
	if (best >= 0 && !(shown_ok && (weak || (disputed && !matched) ||
					  author_extends(shown, as[best].name)))) {
		meta->author = as[best].name;
		meta->author_from = as[best].from;
		as[best].name = NULL;
		free(shown);
	} else if (shown) {
		meta->author = shown;
		meta->author_from = from;
	} else if (c->jl.author && c->jl.author_org) {
		/* an organisation, when the page names no person */
		meta->author = clean_author(xstrdup(c->jl.author));
		meta->author_from = meta->author ? "json-ld" : NULL;
	}
	for (int i = 0; i < n; i++) {
		if (as[i].name && meta->author && !same_name(as[i].name, meta->author))
			over_add(&meta->author_over, as[i].from, as[i].name);
		free(as[i].name);
	}
}

/* With whether, only whether the page names a date: the sources are
 * left at the first that gives one, and the date shown by the headline
 * is not weighed against it. */
static void
meta_dates(struct meta_ctx *c, struct page_meta *meta, bool whether)
{
	/* Dates: the first of JSON-LD, the meta tags, itemprop, a <time>
	 * marked as the publication's, the URL, any <time>, the text; each
	 * machine-readable one remembered to confirm the date the page shows. */
	const char *lang = meta->language;
	struct days seen;
	seen.n = 0;
	char *v = NULL;
	/* the date is a tag's that says no publication ("date", "dc.date"):
	 * CMSes fill it with a print edition's day, an index's or the last
	 * change's, so the day the page shows by its headline outweighs it
	 * when the two are days apart, not years (then the shown one is
	 * likelier another story's) */
	bool generic = false;
	/* the date is a tag's written in numbers that read either way
	 * ("11/01/2023": 11 January or November 1): the page's text, which
	 * shows the day, says which */
	bool either_way = false;
	/* a published date the page names, in bounds or not */
	bool named = c->jl.published && (v = date_value(c->jl.published, lang));
	v = date_in(c, v);
	days_add(&seen, v);
	set_date(meta, v, "json-ld");
	either_way = meta->date && day_or_month(c->jl.published);
	if ((meta->modified = date_in(c, date_value(c->jl.modified, lang))))
		meta->modified_from = "json-ld";
	static const char *const mod_keys[] = { "article:modified_time", "dateModified",
		"og:updated_time", "last-modified", "dcterms.modified" };
	for (size_t k = 0; !meta->modified && k < sizeof mod_keys / sizeof mod_keys[0]; k++)
		if ((meta->modified = date_in(c, date_value(meta_any(&c->ms, mod_keys[k]), lang))))
			meta->modified_from = mod_keys[k];
	/* the modified date confirms no date shown: a page that shows its
	 * update by the headline still has its publication date */
	if (whether && meta->date)
		return;
	static const char *const date_keys[] = { "article:published_time", "datePublished",
		"og:published_time", "published_time", "article.published", "pubdate",
		"publishdate", "publish-date", "publish_date", "date", "dc.date", "dc.date.issued",
		"dcterms.date", "dcterms.issued", "dc.date.created", "sailthru.date",
		"parsely-pub-date", "citation_publication_date", "citation_date",
		"article:published", "og:article:published_time" };
	for (size_t k = 0; k < sizeof date_keys / sizeof date_keys[0]; k++) {
		const char *raw = meta_any(&c->ms, date_keys[k]);
		v = date_value(raw, lang);
		named |= v != NULL;
		v = date_in(c, v);
		days_add(&seen, v);
		if (v && !meta->date) {
			generic = !strcmp(date_keys[k], "date") || !strcmp(date_keys[k], "dc.date") ||
				  !strcmp(date_keys[k], "dcterms.date");
			either_way = day_or_month(raw);
		}
		set_date(meta, v, "meta");
	}
	if (whether && meta->date)
		return;
	/* then any other meta tag that names a publication's date or time
	 * ("published-date", "cXenseParse:publishtime"): each CMS and tracker
	 * names its own; the publisher's own tag holds a name or an address */
	for (int k = 0; k < c->ms.n && !meta->date; k++) {
		int i = c->ms.id[k];
		const char *key = dom_attr(c->d, i, "property");
		if (!key)
			key = dom_attr(c->d, i, "name");
		if (key && strcasestr(key, "publish") && !strcasestr(key, "publisher")) {
			v = date_value(dom_attr(c->d, i, "content"), lang);
			named |= v != NULL;
			v = date_in(c, v);
			days_add(&seen, v);
			set_date(meta, v, "meta");
		}
	}
	/* the page's tags have given none: the rest reads its elements'
	 * marks (a first pass of whether goes without them) */
	if (!c->mk.words)
		return;
	for (int i = 0; i < c->d->n && !meta->date; i++) {
		/* "publish" among its names first: a cheap test before the attribute */
		if (!(c->mk.words[i] & 1u << IW_DATE) || !attr_has(c->d, i, "itemprop", "datePublished"))
			continue;
		const char *when = dom_attr(c->d, i, "content");
		if (!when)
			when = dom_attr(c->d, i, "datetime");
		set_date(meta, date_in(c, date_value(when, lang)), "meta");
	}
	char day[11];
	int time_tag = dom_tag_id(c->d, "time");
	for (int i = 0; time_tag >= 0 && i < c->d->n; i++) {
		if (c->d->tag[i] != time_tag || in_comments(c->d, c->mk.flags, i))
			continue;
		v = date_in(c, date_value(dom_attr(c->d, i, "datetime"), lang));
		/* other stories' times in lists and asides confirm nothing,
		 * nor does the time of an update */
		if (!(c->mk.flags[i] & MARK_CHROME) && !attr_has(c->d, i, "itemprop", "dateModified") &&
		    !(attr_has(c->d, i, "class", "updated") && !attr_has(c->d, i, "class", "published")))
			days_add(&seen, v);
		/* the page's own zone: the head's time in UTC, which a <time>
		 * gives as the same minute where the page is, is of the
		 * page's day */
		long a, b;
		bool moved = meta->date && v && strncmp(meta->date, v, 10) &&
			     zone_moves(meta->date, v) && instant(meta->date, &a) &&
			     instant(v, &b) && a == b;
		if (moved) {
			over_add(&meta->date_over, meta->date_from, meta->date);
			free(meta->date);
			meta->date = NULL;
		}
		/* first a time marked as the publication's */
		if (dom_attr(c->d, i, "pubdate") || c->mk.words[i] & 1u << IW_DATE ||
		    attr_has(c->d, i, "class", "entry-date") || moved)
			set_date(meta, v, "time");
		else
			free(v);
	}
	bool in_url = date_in_url(c->url, day);
	if (in_url) {
		days_add(&seen, day);
		set_date(meta, date_in(c, xstrdup(day)), "url");
	}
	for (int i = 0; time_tag >= 0 && i < c->d->n && !meta->date; i++)
		if (c->d->tag[i] == time_tag && !in_comments(c->d, c->mk.flags, i))
			set_date(meta, date_in(c, date_value(dom_attr(c->d, i, "datetime"), lang)), "time");
	const char *from = NULL;
	if (!meta->date) {
		v = date_in(c, date_from_text(c->d, &c->mk, c->h1, lang, true, &from));
		set_date(meta, v, from);
		/* a page that names only when it was last modified (a service
		 * or product page, a guide kept up to date) is of that day; one
		 * whose published date is out of bounds has wrong dates */
		if (!meta->date && !named && meta->modified)
			set_date(meta, xstrdup(meta->modified),
				 strcmp(meta->modified_from, "json-ld") ? "meta" : "json-ld");
	} else if (!whether && strcmp(meta->date_from, "url") && c->h1 >= 0) {
		/* The date the page shows by its headline, when another of its
		 * machine-readable dates confirms it or it is the same instant
		 * in the page's time zone: a page updated and shown as of its
		 * update, or a UTC timestamp past midnight where it is read. */
		char *shown = date_in(c, date_from_text(c->d, &c->mk, c->h1, lang, false, &from));
		if (shown && strncmp(shown, meta->date, 10) &&
		    ((generic && days_apart(meta->date, shown) <= 7) || days_has(&seen, shown) ||
		     zone_moves(meta->date, shown) || (either_way && swapped(meta->date, shown)))) {
			over_add(&meta->date_over, meta->date_from, meta->date);
			free(meta->date);
			meta->date = shown;
			meta->date_from = from;
		} else {
			free(shown);
		}
	}
}

/* Keywords, description, image, sections and tags. */
static void
meta_rest(struct meta_ctx *c, struct page_meta *meta)
{
	const char *kw = meta_content(&c->ms, "name", "keywords");
	if (kw)
		meta->keywords = collapsed_dup(kw, strlen(kw));
	static const char *const desc_keys[] = { "description", "og:description",
		"twitter:description" };
	for (size_t k = 0; !meta->description && k < 3; k++) {
		const char *desc = k ? meta_any(&c->ms, desc_keys[k]) :
				   meta_content(&c->ms, "name", "description");
		if (desc && (meta->description = nonempty_dup(desc, strlen(desc))))
			meta->description_from = desc_keys[k];
	}

	const char *img = meta_any(&c->ms, "og:image");
	meta->image_from = "og:image";
	if (!img) {
		img = meta_any(&c->ms, "twitter:image");
		meta->image_from = "twitter:image";
	}
	if (img) {
		meta->image = nonempty_dup(img, strlen(img));
	} else if (c->jl.image) {
		meta->image = xstrdup(c->jl.image);
		meta->image_from = "json-ld";
	}
	if (!meta->image)
		meta->image_from = NULL;

	meta_all(&c->ms, "article:section", &meta->categories, &meta->ncategories);
	meta->categories_from = "article:section";
	if (!meta->ncategories && c->jl.section) {
		list_add(&meta->categories, &meta->ncategories, c->jl.section);
		meta->categories_from = "json-ld articleSection";
	}
	if (!meta->ncategories)
		meta->categories_from = NULL;
	meta_all(&c->ms, "article:tag", &meta->tags, &meta->ntags);
	meta->tags_from = meta->ntags ? "article:tag" : NULL;
}

void
extract_meta_url(const struct dom *d, const char *url, struct page_meta *meta)
{
	extract_meta_at(d, url, NULL, meta);
}

void
extract_meta_at(const struct dom *d, const char *url, const char *captured,
		struct page_meta *meta)
{
	memset(meta, 0, sizeof *meta);
	struct meta_ctx c = { .d = d };
	char today[11];
	day_after(NULL, today);
	day_after(captured, c.latest);
	if (!captured || strcmp(c.latest, today) > 0)
		memcpy(c.latest, today, sizeof today);
	jsonld_find(d, &c.jl);
	meta_marks(d, &c.mk);
	metas_find(d, &c.ms);
	meta_language(&c, meta);
	meta_site(&c, meta);
	meta->canonical = canonical_of(&c.ms, &meta->canonical_from);
	c.url = url ? url : meta->canonical;
	c.host = url_host(c.url);
	c.h1 = first_tag(d, "h1");
	meta_dates(&c, meta, false);
	meta_title(&c, meta);
	meta_author(&c, meta);
	meta_rest(&c, meta);
	meta_ctx_free(&c);
}

bool
extract_dated(const struct dom *d)
{
	struct page_meta meta;
	memset(&meta, 0, sizeof meta);
	struct meta_ctx c = { .d = d };
	day_after(NULL, c.latest);
	jsonld_find(d, &c.jl);
	if (!c.jl.dated_main) {
		free(c.jl.published);
		free(c.jl.modified);
		c.jl.published = c.jl.modified = NULL;
	}
	metas_find(d, &c.ms);
	/* first the JSON-LD and the meta tags, which most dated pages fill
	 * with a machine's date (no language, no marks of the elements);
	 * then all the sources */
	meta_dates(&c, &meta, true);
	if (!meta.date) {
		extract_meta_free(&meta);
		memset(&meta, 0, sizeof meta);
		meta_marks(d, &c.mk);
		meta_language(&c, &meta);
		c.h1 = first_tag(d, "h1");
		meta_dates(&c, &meta, true);
	}
	bool dated = meta.date != NULL;
	extract_meta_free(&meta);
	meta_ctx_free(&c);
	return dated;
}

void
meta_fields(const struct page_meta *m, struct meta_field f[META_NFIELDS],
	    struct meta_list l[META_NLISTS])
{
	const struct meta_field fields[META_NFIELDS] = {
		{ "title", m->title }, { "author", m->author }, { "date", m->date },
		{ "modified", m->modified }, { "sitename", m->site },
		{ "description", m->description }, { "language", m->language },
		{ "image", m->image }, { "canonical", m->canonical },
	};
	const struct meta_list lists[META_NLISTS] = {
		{ "categories", m->categories, m->ncategories },
		{ "tags", m->tags, m->ntags },
	};
	memcpy(f, fields, sizeof fields);
	memcpy(l, lists, sizeof lists);
}

char *
extract_canonical(const struct dom *d)
{
	struct metas ms;
	metas_find(d, &ms);
	const char *from;
	char *c = canonical_of(&ms, &from);
	metas_free(&ms);
	return c;
}

void
extract_meta(const struct dom *d, struct page_meta *meta)
{
	extract_meta_url(d, NULL, meta);
}

void
extract_meta_free(struct page_meta *meta)
{
	free(meta->title);
	free(meta->date);
	free(meta->keywords);
	free(meta->description);
	free(meta->site);
	free(meta->canonical);
	free(meta->author);
	free(meta->modified);
	free(meta->language);
	free(meta->image);
	free(meta->title_over);
	free(meta->author_over);
	free(meta->date_over);
	for (int i = 0; i < meta->ncategories; i++)
		free(meta->categories[i]);
	free(meta->categories);
	for (int i = 0; i < meta->ntags; i++)
		free(meta->tags[i]);
	free(meta->tags);
	memset(meta, 0, sizeof *meta);
}
