/* extract.c - extracted text and metadata. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "extract.h"


static void
end_line(struct buf *out)
{
	if (out->len > 0 && out->data[out->len - 1] != '\n')
		buf_addc(out, '\n');
}

void
extract_text_spans(const struct dom *d, const uint8_t *content,
		   struct buf *out, struct extract_span *spans)
{
	extract_text_mask(d, content, NULL, out, spans);
}

void
extract_text_mask(const struct dom *d, const uint8_t *content,
		  const uint8_t *mask, struct buf *out,
		  struct extract_span *spans)
{
	int last_block = -1;
	bool space = false;
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (spans)
			spans[t].start = spans[t].end = 0;
		if (x->flags & TEXT_SKIP)
			continue;
		if (mask && mask[x->elem] ? mask[x->elem] == 2 : !content[x->block])
			continue;
		if (x->block != last_block) {
			end_line(out);
			space = false;
			last_block = x->block;
		}
		if (x->flags & TEXT_BREAK) {
			end_line(out);
			space = false;
			continue;
		}
		size_t before = out->len;
		buf_add_collapsed(out, dom_text(d, t), x->len, &space);
		if (spans) {
			/* a leading space belongs to the previous node */
			if (out->len > before && out->data[before] == ' ')
				before++;
			spans[t].start = before;
			spans[t].end = out->len;
		}
	}
	end_line(out);
}

void
extract_text(const struct dom *d, const uint8_t *content, struct buf *out)
{
	extract_text_spans(d, content, out, NULL);
}

/* ---- metadata ---- */

static char *
collapsed_dup(const char *s, size_t n)
{
	struct buf b;
	buf_init(&b);
	text_collapse(s, n, &b);
	return buf_steal(&b, NULL);
}

static const char *
meta_content(const struct dom *d, const char *key, const char *value)
{
	int meta = dom_tag_id(d, "meta");
	for (int i = 0; meta >= 0 && i < d->n; i++) {
		if (d->tag[i] != meta)
			continue;
		const char *k = dom_attr(d, i, key);
		if (k && !strcasecmp(k, value)) {
			const char *c = dom_attr(d, i, "content");
			if (c && *c)
				return c;
		}
	}
	return NULL;
}

static const char *
meta_any(const struct dom *d, const char *value)
{
	const char *c = meta_content(d, "property", value);
	return c ? c : meta_content(d, "name", value);
}

/* Text of element e's subtree, collapsed (title, h1). */
static char *
element_text(const struct dom *d, int e)
{
	struct buf b;
	buf_init(&b);
	bool space = false;
	for (int t = d->text_begin[e]; t < d->text_end[e]; t++) {
		if (d->texts[t].flags & TEXT_BREAK) {
			space = true;
			continue;
		}
		buf_add_collapsed(&b, dom_text(d, t), d->texts[t].len, &space);
	}
	return buf_steal(&b, NULL);
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

/* "Headline | Site" -> "Headline" when the tail is the site's name. */
static void
strip_site(char *title, const char *site)
{
	static const char *const seps[] = { " | ", " - ", " – ", " — ", " :: ", " · " };
	if (!site || !*site)
		return;
	size_t tl = strlen(title), sl = strlen(site);
	for (size_t s = 0; s < sizeof seps / sizeof seps[0]; s++) {
		size_t pl = strlen(seps[s]);
		if (tl > sl + pl && !strcasecmp(title + tl - sl, site) &&
		    !strncmp(title + tl - sl - pl, seps[s], pl)) {
			title[tl - sl - pl] = '\0';
			return;
		}
	}
}

/* A date-looking token: YYYY-MM-DD, YYYY/MM/DD, YYYY.MM.DD or YYYY年M月D日. */
static char *
find_date_pattern(const char *s, size_t n)
{
	for (size_t i = 0; i + 8 <= n; i++) {
		if (!(isdigit((unsigned char)s[i]) && isdigit((unsigned char)s[i + 1]) &&
		      isdigit((unsigned char)s[i + 2]) && isdigit((unsigned char)s[i + 3])))
			continue;
		if (i > 0 && isdigit((unsigned char)s[i - 1]))
			continue;
		int year = (s[i] - '0') * 1000 + (s[i + 1] - '0') * 100 +
			   (s[i + 2] - '0') * 10 + (s[i + 3] - '0');
		if (year < 1990 || year > 2099)
			continue;
		size_t j = i + 4;
		const char *sep = s + j;
		size_t seplen = 1;
		if (j + 3 <= n && !strncmp(sep, "年", 3))
			seplen = 3;
		else if (!(*sep == '-' || *sep == '/' || *sep == '.'))
			continue;
		j += seplen;
		int mon = 0, k = 0;
		while (j < n && isdigit((unsigned char)s[j]) && k < 2)
			mon = mon * 10 + (s[j++] - '0'), k++;
		if (!k || mon < 1 || mon > 12)
			continue;
		if (seplen == 3) {
			if (j + 3 > n || strncmp(s + j, "月", 3))
				continue;
			j += 3;
		} else if (j >= n || s[j] != *sep) {
			continue;
		} else {
			j++;
		}
		int day = 0;
		k = 0;
		while (j < n && isdigit((unsigned char)s[j]) && k < 2)
			day = day * 10 + (s[j++] - '0'), k++;
		if (!k || day < 1 || day > 31)
			continue;
		char out[16];
		snprintf(out, sizeof out, "%04d-%02d-%02d", year, mon, day);
		return xstrdup(out);
	}
	return NULL;
}

/* "datePublished": "..." inside JSON-LD. */
static char *
jsonld_date(const struct dom *d)
{
	for (int t = 0; t < d->ntexts; t++) {
		if (!(d->texts[t].flags & TEXT_SKIP))
			continue;
		const char *s = dom_text(d, t);
		const char *k = strstr(s, "\"datePublished\"");
		if (!k)
			continue;
		k += 15;
		while (*k == ' ' || *k == ':' || *k == '\t' || *k == '\n' || *k == '\r')
			k++;
		if (*k != '"')
			continue;
		const char *e = strchr(k + 1, '"');
		if (e && e > k + 1)
			return xstrndup(k + 1, (size_t)(e - k - 1));
	}
	return NULL;
}

void
extract_meta(const struct dom *d, struct page_meta *meta)
{
	memset(meta, 0, sizeof *meta);
	const char *site = meta_any(d, "og:site_name");
	if (site)
		meta->site = collapsed_dup(site, strlen(site));

	/* Title: og:title (what the publisher chose to share), then <title>
	 * (often carries the site name, stripped), then the first h1. */
	const char *og = meta_any(d, "og:title");
	int te = first_tag(d, "title");
	int h1 = first_tag(d, "h1");
	if (og) {
		meta->title = collapsed_dup(og, strlen(og));
		meta->title_from = "og:title";
	}
	if ((!meta->title || !*meta->title) && te >= 0) {
		free(meta->title);
		meta->title = element_text(d, te);
		meta->title_from = "title";
	}
	if ((!meta->title || !*meta->title) && h1 >= 0) {
		free(meta->title);
		meta->title = element_text(d, h1);
		meta->title_from = "h1";
	}
	if (meta->title)
		strip_site(meta->title, meta->site);

	const char *pub = meta_any(d, "article:published_time");
	if (!pub)
		pub = meta_any(d, "datePublished");
	if (pub) {
		meta->date = xstrdup(pub);
		meta->date_from = "meta";
	}
	int time_tag = dom_tag_id(d, "time");
	for (int i = 0; time_tag >= 0 && !meta->date && i < d->n; i++) {
		if (d->tag[i] == time_tag) {
			const char *dt = dom_attr(d, i, "datetime");
			if (dt && *dt) {
				meta->date = xstrdup(dt);
				meta->date_from = "time";
			}
		}
	}
	if (!meta->date && (meta->date = jsonld_date(d)))
		meta->date_from = "json-ld";
	if (!meta->date && h1 >= 0) {
		/* A date written near the title: the text after the h1. */
		int end = d->text_end[h1] + 40;
		for (int t = d->text_begin[h1]; !meta->date && t < end && t < d->ntexts; t++)
			if (!(d->texts[t].flags & TEXT_SKIP))
				meta->date = find_date_pattern(dom_text(d, t), d->texts[t].len);
		if (meta->date)
			meta->date_from = "text";
	}

	const char *kw = meta_content(d, "name", "keywords");
	if (kw)
		meta->keywords = collapsed_dup(kw, strlen(kw));
	const char *desc = meta_content(d, "name", "description");
	if (!desc)
		desc = meta_any(d, "og:description");
	if (desc)
		meta->description = collapsed_dup(desc, strlen(desc));

	int link_tag = dom_tag_id(d, "link");
	for (int i = 0; link_tag >= 0 && i < d->n && !meta->canonical; i++) {
		if (d->tag[i] != link_tag)
			continue;
		const char *rel = dom_attr(d, i, "rel");
		const char *href = dom_attr(d, i, "href");
		if (rel && href && !strcasecmp(rel, "canonical") && *href)
			meta->canonical = xstrdup(href);
	}
	if (!meta->canonical && (og = meta_any(d, "og:url")))
		meta->canonical = xstrdup(og);
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
	memset(meta, 0, sizeof *meta);
}
