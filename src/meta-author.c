/* meta-author.c - who wrote the page: bylines, labels and meta tags,
 * cleaned into a name. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "meta.h"
#include "meta-author.h"
#include "meta-date.h"
#include "meta-int.h"
#include "words.h"

/* ---- author ---- */


/* Chinese and Japanese bylines: "作者：王小明", "记者 王小明", "文／山田太郎".
 * Where a label and its separator end in s, or NULL; the label must be
 * followed by a separator (作者们 is "the authors"). */
static const char *
cjk_label_end(const char *s)
{
	static const char *const labels[] = { "作者", "记者", "記者", "撰文", "著者", "筆者",
		"執筆", "文" };
	static const char *const seps[] = { "\xef\xbc\x9a", ":", " ", "\xe3\x80\x80",
		"\xef\xbc\x8f", "/", "\xe3\x83\xbb", "|" };
	for (size_t l = 0; l < sizeof labels / sizeof labels[0]; l++) {
		size_t ll = strlen(labels[l]);
		if (strncmp(s, labels[l], ll))
			continue;
		const char *q = s + ll;
		bool sep = false;
		for (bool more = true; more; ) {
			more = false;
			for (size_t k = 0; k < sizeof seps / sizeof seps[0]; k++) {
				size_t sl = strlen(seps[k]);
				/* 文 alone is "text": only 文／, 文・, 文： name a writer */
				if (!strncmp(q, seps[k], sl) && !(!strcmp(labels[l], "文") && !sep &&
								  (k == 2 || k == 3))) {
					q += sl;
					sep = more = true;
				}
			}
		}
		return sep ? q : NULL;
	}
	return NULL;
}

static bool
is_han(uint32_t cp)
{
	return cp >= 0x4e00 && cp <= 0x9fff;
}

/* The name after a Chinese or Japanese byline label in s: two to four
 * Han characters, or two such runs with a space between (山田 太郎); a
 * longer run holds more than the name and gives none. */
static char *
cjk_byline(const char *s)
{
	for (const char *p = s; *p; p++) {
		/* a label starts a word: 正文 holds 文, 工作者 作者 */
		uint32_t before = 0;
		if (p - s >= 3)
			utf8_decode((const unsigned char *)p - 3, 3, &before);
		const char *q = is_han(before) ? NULL : cjk_label_end(p);
		if (!q)
			continue;
		const char *start = q, *end = q;
		int runs = 0, run = 0, total = 0;
		for (;;) {
			uint32_t cp;
			size_t k = utf8_decode((const unsigned char *)q, strlen(q), &cp);
			if (k && is_han(cp)) {
				run++, total++;
				q += k;
				end = q;
				continue;
			}
			/* a given name after the space is two characters at least:
			 * 王泓漓 摄 is a name and "photo" */
			if (run && run <= 4 && (runs == 0 || run >= 2))
				runs++;
			else if (run)
				runs = 9;
			run = 0;
			/* one space between family and given name */
			if (runs == 1 && (cp == ' ' || cp == 0x3000) && k) {
				uint32_t next;
				size_t k2 = utf8_decode((const unsigned char *)q + k, strlen(q + k), &next);
				if (k2 && is_han(next)) {
					q += k;
					continue;
				}
			}
			break;
		}
		/* clean_author: 作者 where the name should be is none */
		if (runs >= 1 && runs <= 2 && total >= 2)
			return clean_author(xstrndup(start, (size_t)(end - start)));
	}
	return NULL;
}

/* Where a label that introduces the name ends in s, when one stands
 * anywhere in it ("Sep 16Written by Jon Norris", "Posted by:Idle
 * Cartulary"): what stands before it is a date or a glued heading. */
static const char *
after_inner_label(const char *s)
{
	static const char *const labels[] = { "written by", "posted by", "recipe by",
		"words by", "story by", "article by", "published by", "geschrieben von",
		"verfasst von", "publié par", "escrito por", "publicado por", "posts by",
		"author" };
	const char *best = NULL;
	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++) {
		const char *p = ascii_casestr(s, labels[i]);
		if (p) {
			const char *q = p + strlen(labels[i]);
			/* "Jun 2 Written by" names nobody; "Jane Doe | Author" does;
			 * "Author" before a space may be a heading's word */
			bool by = !strcmp(labels[i] + strlen(labels[i]) - 3, " by");
			if (*q == ':' || (*q == ' ' && by) || (*q == '\0' && by) ||
			    isupper((unsigned char)*q))
				best = !best || q > best ? q : best;
		}
	}
	return best;
}

/* Does s[0..n) end in what follows a name in a byline and is not part
 * of it: a reading time ("7 min read"), a role ("Senior Reporter",
 * "Writer"), the word View of a link?  Returns the name's length. */
static size_t
name_end(const char *s, size_t n)
{
	/* the first of these words after a name of two words ends it */
	static const char *const tail[] = { "writer", "reporter", "editor", "author",
		"contributor", "correspondent", "columnist", "journalist", "coordinator",
		"senior", "staff", "view" };
	size_t words = 0, comma = 0;
	for (size_t i = 0; i < n; ) {
		while (i < n && s[i] == ' ')
			i++;
		if (i >= n)
			break;
		size_t len;
		/* "Mira Okafor, local affairs reporter": from the comma */
		if (words >= 2)
			for (size_t k = 0; k < sizeof tail / sizeof tail[0]; k++)
				if (word_is(s + i, n - i, tail[k], strlen(tail[k]), &len))
					return comma ? comma : i;
		if (words >= 1 && i > 0 && s[i - 1] == ' ' && i >= 2 && s[i - 2] == ',' && !comma)
			comma = i - 2;
		/* "Brian Becker7 min read", "Brian Becker 7 min read": a
		 * reading time, glued on or not ("10mins read" is no name) */
		for (size_t j = i; j < n && s[j] != ' '; j++)
				if (isdigit((unsigned char)s[j])) {
					size_t k = j;
					while (k < n && isdigit((unsigned char)s[k]))
						k++;
					while (k < n && s[k] == ' ')
						k++;
					if (word_is(s + k, n - k, "min", 3, &len) ||
					    word_is(s + k, n - k, "mins", 4, &len))
						return j;
				}
		words++;
		while (i < n && s[i] != ' ')
			i++;
	}
	return n;
}

static char *clean(char *a, bool named);
static bool names_like(const char *a);

char *
clean_author(char *a)
{
	return clean(a, false);
}

char *
clean_name(char *a)
{
	return clean(a, true);
}

/* "By Jane Doe", "Von Jane Doe", "Autor: Jane Doe" -> "Jane Doe"; NULL
 * when what is left does not look like a name.  A field that holds a
 * name and nothing else (named) may hold a login's digits. */
static char *
clean(char *a, bool named)
{
	static const char *const lead[] = { "written by ", "posted by ", "by ", "von ",
		"par ", "por ", "di ", "door ", "text: ", "text ", "autor: ", "autor ",
		"author: ", "auteur : ", "auteur: ", "автор: ", "автор ", "from ",
		"verfasst von ", "geschrieben von ", "veröffentlicht von ", "eingestellt von ",
		"publié par ", "publicado por ", "escrito por ", "text und fotos: ", "von: ", "by: ", "vom ",
		"post by ", "beitrag von ", "beitragvon ", "authored by: ", "authored by ",
		"written by: " };
	/* labels and phrases standing where the name should */
	static const char *const labels[] = { "posted", "publiziert am", "veröffentlicht",
		"von", "by", "autor", "author", "share", "teilen", "redakteur", "published",
		"the author", "topic author", "post author", "author information",
		"about the author", "more about me", "about me", "about the", "full bio",
		"author spotlight", "view profile",
		"information", "insights from", "sign in", "log in", "login", "admin",
		"anonymous", "unknown", "guest", "on", "in", "more", "read more",
		"facebook", "twitter", "linkedin", "instagram", "pinterest", "youtube", "tiktok",
		"whatsapp", "reddit", "email", "e-mail", "print",
		"home", "startseite", "accueil", "inicio",
		"作者", "记者", "記者", "著者", "筆者", "Автор" };
	if (!a)
		return NULL;
	char *s = a;
	const char *inner = after_inner_label(s);
	if (inner)
		s = (char *)inner;
	for (bool again = true; again; ) {
		again = false;
		while (*s == '|' || *s == '-' || *s == ':' || *s == ' ' || *s == ',' || *s == '"')
			s++, again = true;
		/* "VonPatrick Czerny": the label and the name in two elements */
		if ((!strncmp(s, "Von", 3) || !strncmp(s, "By", 2)) &&
		    isupper((unsigned char)s[s[0] == 'V' ? 3 : 2]))
			s += s[0] == 'V' ? 3 : 2, again = true;
		for (size_t i = 0; i < sizeof lead / sizeof lead[0]; i++) {
			size_t l = strlen(lead[i]), len;
			if (word_is(s, strlen(s), lead[i], l - 1, &len) && s[l - 1] == ' ') {
				s += l;
				again = true;
			}
		}
	}
	/* a separator ends the name: "Haley Hoekstra • March 3", "Matteo
	 * Laratta| Author", "Outer Armatonis" Tue Aug 27", "Jane Doe » Tue
	 * Aug 27", "Jane Doe ⋅ Review Editor" */
	size_t n = strcspn(s, "|\"");
	static const char *const seps[] = { "\u2022", "\u201c", "\u201d", " \u00bb", " \u25cf",
		" \u22c5", " \u00b7 " };
	for (size_t k = 0; k < sizeof seps / sizeof seps[0]; k++) {
		const char *sep = strstr(s, seps[k]);
		if (sep && (size_t)(sep - s) < n)
			n = (size_t)(sep - s);
	}
	n = name_end(s, n);
	while (n && (s[n - 1] == ' ' || s[n - 1] == ',' || s[n - 1] == '|' || s[n - 1] == '-' ||
		     s[n - 1] == '*' || s[n - 1] == ':'))
		n--;
	/* names are short and are no addresses */
	int words = 1, digit = 0;
	for (size_t i = 0; i < n; i++) {
		words += s[i] == ' ';
		digit += isdigit((unsigned char)s[i]) != 0;
	}
	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++) {
		size_t len;
		if (word_is(s, n, labels[i], strlen(labels[i]), &len) && len == n)
			n = 0;
	}
	/* a name starts with a letter: not with a symbol or an emoji */
	uint32_t first = 0;
	if (n)
		utf8_decode((const unsigned char *)s, n, &first);
	if ((first < 0x80 && !isalpha((int)first)) || (first >= 0x2000 && first < 0x2e80) ||
	    first >= 0x1f000)
		n = 0;
	/* "Jun 2", "Tip 1": a number standing as a word is in no name
	 * (a login's digits are glued to its letters) */
	for (size_t i = 0; i < n; ) {
		size_t w = i;
		while (w < n && s[w] != ' ')
			w++;
		bool num = w > i;
		for (size_t k = i; k < w; k++)
			num &= isdigit((unsigned char)s[k]) != 0;
		if (num)
			n = 0;
		i = w + 1;
	}
	/* "Eric Ries is an entrepreneur": a name's words are capitalised,
	 * but for the particles of family names and a joining word */
	static const char *const particles[] = { "von", "van", "der", "den", "de", "del",
		"della", "da", "di", "du", "la", "le", "bin", "ibn", "al", "el", "y", "e", "zu",
		"ten", "ter", "and", "und", "et" };
	int nwords = 0, lower = 0;
	for (size_t i = 0; i < n; ) {
		size_t w = i;
		while (w < n && s[w] != ' ')
			w++;
		nwords++;
		if (s[i] >= 'a' && s[i] <= 'z') {
			bool particle = false;
			for (size_t k = 0; k < sizeof particles / sizeof *particles; k++)
				particle |= w - i == strlen(particles[k]) &&
					    !strncmp(s + i, particles[k], w - i);
			lower += !particle;
		}
		i = w + 1;
	}
	/* a sentence, not a name: most of its words in lower case, but
	 * not all (a name written all in lower case) */
	if (lower >= 2 && lower * 2 >= nwords && lower < nwords)
		n = 0;
	/* nor addresses written for people ("www.example.de", "jane[at]example.net") */
	bool address = memmem(s, n, "www.", 4) || memmem(s, n, "[at]", 4) || memmem(s, n, "(at)", 4);
	char *r = NULL;
	if (n >= 2 && (digit < 3 || named) && !memchr(s, '@', n) && !address &&
	    !strstr(s, "://") && !memchr(s, '/', n) && !memchr(s, '{', n))
		r = xstrndup(s, n);
	/* a list of names may run longer ("Artur Ekert, Timothy Hosgood,
	 * Alastair Kay, Chiara Macchiavello") */
	if (r && (words > 6 || n > 60) && !(n <= 160 && names_like(r))) {
		free(r);
		r = NULL;
	}
	free(a);
	return r;
}

/* Is cp a capital letter of the alphabets names are capitalised in:
 * Latin (with Latin-1 and Extended-A), Greek, Cyrillic? */
static bool
capital(uint32_t cp)
{
	return (cp >= 'A' && cp <= 'Z') || (cp >= 0xc0 && cp <= 0xde && cp != 0xd7) ||
	       (cp >= 0x100 && cp <= 0x17f && !(cp & 1)) || (cp >= 0x391 && cp <= 0x3a9) ||
	       (cp >= 0x400 && cp <= 0x42f);
}

/* Does a read as a person's name: two to five words, each capitalised
 * ("J.R. Stone"; "Ursula von der Leyen" is not), not all in capitals (a
 * label, "PAID CONTENT"), no digits, no comma?  For text that no label
 * introduces; scripts without capitals (Chinese, Japanese) never pass. */
static bool
name_like(const char *a)
{
	int words = 0;
	bool lower = false;
	for (const char *p = a; *p; ) {
		uint32_t cp;
		size_t n = strlen(p);
		if (!utf8_decode((const unsigned char *)p, n, &cp) || !capital(cp))
			return false;
		words++;
		size_t wl = strcspn(p, " ");
		for (size_t i = 0; i < wl; ) {
			size_t k = utf8_decode((const unsigned char *)p + i, wl - i, &cp);
			if (!k || (cp < 0x80 && (isdigit((int)cp) || cp == ',')))
				return false;
			lower |= (cp >= 'a' && cp <= 'z') || (cp >= 0xdf && cp <= 0xff && cp != 0xf7) ||
				 (cp >= 0x100 && cp <= 0x17f && (cp & 1)) ||
				 (cp >= 0x3b1 && cp <= 0x3c9) || (cp >= 0x430 && cp <= 0x45f);
			i += k;
		}
		p += wl;
		while (*p == ' ')
			p++;
	}
	return words >= 2 && words <= 5 && lower;
}

/* Two or three capitals alone: initials. */
static bool
initials(const char *a)
{
	size_t n = strlen(a);
	bool caps = n >= 2 && n <= 3;
	for (size_t i = 0; i < n && caps; i++)
		caps = isupper((unsigned char)a[i]) != 0;
	return caps;
}

/* The name one element of a byline gives, where the byline's text runs
 * on past it: "By <a>Daniel Renfrow</a> <span>April 12, 2024</span>"
 * reads "Daniel Renfrow April 12, 2024" and cleans into "Daniel Renfrow
 * April"; "<span>Mateusz Haberny</span><span>Founder at Oakywood</span>"
 * reads "Mateusz HabernyFounder at Oakywood".  The first element under e
 * whose text cleans into a name that begins a, where what follows does
 * not join a second name to it ("Jane Doe and John Roe" is two); where
 * what follows is the whole text of the next element and a name, both.
 * NULL when none. */
static char *
name_within(const struct dom *d, int e, const char *a)
{
	static const char *const joins[] = { "and", "und", "et", "y", "&", ",", ";" };
	size_t al = strlen(a);
	for (int k = e + 1; k < d->end[e]; k++) {
		if (d->text_end[k] <= d->text_begin[k])
			continue;
		char *t = clean_author(element_text(d, k));
		size_t tl = t ? strlen(t) : 0;
		const char *rest = a + tl;
		/* the element ends the name: a space, or a capital glued on */
		if (!t || tl >= al || strncmp(a, t, tl) || !name_like(t) ||
		    !(*rest == ' ' || (islower((unsigned char)t[tl - 1]) &&
				       isupper((unsigned char)*rest)))) {
			free(t);
			continue;
		}
		while (*rest == ' ')
			rest++;
		for (size_t j = 0; j < sizeof joins / sizeof joins[0]; j++) {
			size_t len, jl = strlen(joins[j]);
			if (isalpha((unsigned char)joins[j][0]) ?
			    word_is(rest, strlen(rest), joins[j], jl, &len) && rest[len] == ' ' :
			    !strncmp(rest, joins[j], jl)) {
				free(t);
				return NULL;
			}
		}
		for (int k2 = d->end[k]; k2 < d->end[e]; k2++) {
			if (d->text_end[k2] <= d->text_begin[k2])
				continue;
			char *raw = element_text(d, k2);
			char *t2 = clean_author(xstrdup(raw));
			/* the element's whole text: not a role cut short */
			bool next = t2 && !strcmp(t2, rest) && !strcmp(t2, raw) && strcmp(t2, t) &&
				    name_like(t2);
			free(raw);
			bool other = t2 != NULL && !next;
			if (next) {
				struct buf b;
				buf_init(&b);
				buf_printf(&b, "%s; %s", t, t2);
				free(t);
				free(t2);
				return buf_steal(&b, NULL);
			}
			free(t2);
			/* only the first later element that cleans into a name counts */
			if (other)
				break;
		}
		return t;
	}
	return NULL;
}

static char *byline_name(const char *s);
static bool name_like(const char *a);

/* A byline's line that clean_author takes for no name as a whole, when
 * it holds one: "VON JANE DOE am 21. April 2020" (the label, the name,
 * the day: a name of two words at least, "Author Spotlight" names no
 * one), "Jane Doe, 4+ years covering hardware" (a name, then what she
 * does).  Takes line. */
static char *
loose_name(char *line)
{
	char *a = byline_name(line);
	if (a && !strchr(a, ' ')) {
		free(a);
		a = NULL;
	}
	char *comma = strstr(line, ", ");
	if (!a && comma) {
		a = clean_author(xstrndup(line, (size_t)(comma - line)));
		if (a && !name_like(a)) {
			free(a);
			a = NULL;
		}
	}
	free(line);
	return a;
}

/* A byline element's lines, apart by " | " (element_lines): a line that
 * is a label, or ends in one, names nobody ("Artikel von | Claudia
 * Riedler", "Author | Isaiah Shelton"); the first line that cleans into
 * a name is the author; loose, the first that holds one (loose_name).
 * Takes text. */
static char *
byline_lines(char *text, bool loose)
{
	static const char *const ends[] = { "von", "by", "par", "por", "di", "door", "autor",
		"author", "autoreninfo", "autorin" };
	char *first = NULL;
	for (char *p = text; p; ) {
		char *sep = strstr(p, " | ");
		size_t n = sep ? (size_t)(sep - p) : strlen(p);
		char *line = xstrndup(p, n);
		p = sep ? sep + 3 : NULL;
		const char *last = strrchr(line, ' ');
		last = last ? last + 1 : line;
		bool label = false;
		for (size_t k = 0; p && k < sizeof ends / sizeof ends[0] && !label; k++) {
			size_t len;
			label = word_is(last, strlen(last), ends[k], strlen(ends[k]), &len) &&
				len == strlen(last);
		}
		if (label) {
			free(line);
			continue;
		}
		char *copy = loose ? NULL : xstrdup(line);
		char *c = loose ? loose_name(line) : clean_author(line);
		if (!c && copy) {
			/* a line that holds a name with more beside it ("Adrien
			 * Ramirez, 4+ years covering hardware") is the
			 * author's, not a later line: the byline's link, or
			 * the loose reading, says which part */
			char *l = loose_name(copy);
			if (l) {
				free(l);
				break;
			}
			continue;
		}
		free(copy);
		if (!c)
			continue;
		first = c;
		break;
	}
	free(text);
	return first;
}

static char *author_link_name(const struct dom *d, int i, bool one_word);

/* Whether name stands whole in list, names joined by "; ". */
static bool
listed(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = list; *p; ) {
		size_t l = strcspn(p, ";");
		if (l == n && !memcmp(p, name, n))
			return true;
		p += l;
		p += strspn(p, "; ");
	}
	return false;
}

/* The first byline element: rel=author, itemprop=author, or a class or id
 * naming the author or the byline.  When its whole text is no name ("By
 * Jane Doe Thursday, November 9, 2023 7:35AM"), its first link when that
 * reads as a name: a byline links its author's page. */
char *
author_from_page(const struct dom *d, const struct marks *mk, const char **from)
{
	int a_tag = dom_tag_id(d, "a");
	char *fallback = NULL;
	const char *fallback_from = NULL;
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < d->n; i++) {
			if (d->flags[i] & DOM_SKIP)
				continue;
			bool hit = false;
			/* the word mask first: most elements name none of these */
			if (pass == 0)
				hit = (mk->words[i] & IW_AUTHOR &&
				       (attr_has(d, i, "rel", "author") ||
					(attr_has(d, i, "itemprop", "author") && !dom_attr(d, i, "content")))) ||
				      attr_has(d, i, "data-testid", "byline");
			else if (mk->words[i] & IW_AUTHOR) {
				struct idents nm;
				idents_of(d, i, &nm);
				static const char *const words[] = { "author", "byline", "autor", "verfasser" };
				for (size_t w = 0; w < sizeof words / sizeof words[0] && !hit; w++)
					hit = (nm.v[0] && ascii_casestr(nm.v[0], words[w])) ||
					      (nm.v[1] && ascii_casestr(nm.v[1], words[w]));
			}
			if (!hit || in_comments(d, mk->flags, i))
				continue;
			/* itemprop=author with a name inside: the name */
			int e = i;
			for (int k = i + 1; k < d->end[i]; k++)
				if (attr_has(d, k, "itemprop", "name")) {
					e = k;
					break;
				}
			/* microdata's name may be a meta tag's content */
			const char *content = e != i ? dom_attr(d, e, "content") : NULL;
			char *a = content ? nonempty_dup(content, strlen(content)) :
					    element_lines(d, e, " | ");
			/* a byline is a few elements: a class naming the author
			 * on the body or a whole column names no byline; in a
			 * box with the author's biography, the name comes first */
			if (d->end[e] - e > 50) {
				free(a);
				continue;
			}
			char *cut = a && strlen(a) > 400 ? strstr(a + 200, " | ") : NULL;
			if (cut)
				*cut = '\0';
			char *c = a ? cjk_byline(a) : NULL;
			char *lines = !c && !content && a ? xstrdup(a) : NULL;
			a = c ? (free(a), c) : content ? clean_author(a) :
			    e != i ? clean_name(a) : byline_lines(a, false);
			char *w = a && !c && !content ? name_within(d, e, a) : NULL;
			if (w) {
				free(a);
				a = w;
			}
			/* where the lines give no person's name (a share box's
			 * "Facebook", a role glued on), the links in the byline
			 * to its authors' pages, each name written out
			 * ("/author/yucy/": "Yucy"); not where they do: the
			 * byline's other links may be its fact-checker's and
			 * testers' ("Fact-checked by", "Tested by") */
			struct buf linked;
			buf_init(&linked);
			bool named = a && names_like(a);
			for (int k = e + 1; !named && !c && !content && a_tag >= 0 && k < d->end[e]; k++) {
				if (d->tag[k] != a_tag || !(w = author_link_name(d, k, true)))
					continue;
				/* an avatar's link and the name's, to one page */
				if (!listed(linked.len ? linked.data : "", w)) {
					if (linked.len)
						buf_adds(&linked, "; ");
					buf_adds(&linked, w);
				}
				free(w);
			}
			if (linked.len) {
				free(a);
				a = buf_steal(&linked, NULL);
			}
			buf_free(&linked);
			for (int k = e + 1; !a && a_tag >= 0 && k < d->end[e]; k++)
				if (d->tag[k] == a_tag) {
					/* the first link only: the author's comes first,
					 * what follows links elsewhere */
					if ((a = clean_author(element_text(d, k))) && !name_like(a)) {
						free(a);
						a = NULL;
					}
					break;
				}
			/* the lines again, for a name among what they hold: after
			 * the link, which names the author alone */
			if (!a && lines)
				a = byline_lines(lines, true);
			else
				free(lines);
			/* "CM", "NB": an avatar's initials, or an agency's
			 * ("dpa", "LD"): a name written out elsewhere is better */
			if (a && initials(a)) {
				if (!fallback) {
					fallback = a;
					fallback_from = pass == 0 ? "rel=author" : "byline";
				} else {
					free(a);
				}
				continue;
			}
			if (a) {
				free(fallback);
				*from = pass == 0 ? "rel=author" : "byline";
				return a;
			}
		}
	}
	if (fallback)
		*from = fallback_from;
	return fallback;
}

/* The name after a byline label in s ("Posted on May 3 by Jane Doe |
 * ...", "VON JANE DOE am 21. April", "Autoren: A und B"): up to six words,
 * ending at a separator, a number or a word that starts what follows. */
static char *
byline_name(const char *s)
{
	static const char *const labels[] = { "ein artikel von", "verfasst von", "geschrieben von",
		"autoren", "autorin", "autor", "author", "written by", "posted by", "by", "von",
		"par", "por", "автор", "authors" };
	static const char *const stops[] = { "on", "am", "um", "le", "el", "the", "at", "in",
		"im", "|", "-", "–", "—", "·", "•", "⋅", "∙", "/", "(", "posted", "published", "veröffentlicht",
		"updated", "aktualisiert", "hosted", "и" };
	size_t n = strlen(s);
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && s[i - 1] != ' ')
			continue;
		size_t len = 0;
		size_t l;
		for (l = 0; l < sizeof labels / sizeof labels[0]; l++)
			if (word_is(s + i, n - i, labels[l], strlen(labels[l]), &len))
				break;
		if (l == sizeof labels / sizeof labels[0])
			continue;
		size_t k = i + len;
		while (k < n && (s[k] == ':' || s[k] == ' '))
			k++;
		struct buf b;
		buf_init(&b);
		int words = 0;
		while (k < n && words < 6) {
			size_t wl = strcspn(s + k, " ");
			size_t st;
			for (st = 0; st < sizeof stops / sizeof stops[0]; st++)
				if (wl == strlen(stops[st]) && word_is(s + k, wl, stops[st], wl, &len))
					break;
			if (st < sizeof stops / sizeof stops[0] || isdigit((unsigned char)s[k]))
				break;
			size_t keep = wl;
			bool last = false;
			while (keep && (s[k + keep - 1] == ',' || s[k + keep - 1] == ';' ||
					s[k + keep - 1] == '|')) {
				keep--;
				last = true;
			}
			if (b.len)
				buf_addc(&b, ' ');
			buf_add(&b, s + k, keep);
			words++;
			bool comma = last && s[k + keep] == ',';
			k += wl;
			while (k < n && s[k] == ' ')
				k++;
			/* "Jane Doe, DVM", "Jane Doe, PhD": a degree after the
			 * comma is part of how she signs */
			size_t cl = 0;
			while (comma && k + cl < n && isalpha((unsigned char)s[k + cl]))
				cl++;
			if (cl >= 2 && cl <= 4 && isupper((unsigned char)s[k]) &&
			    isupper((unsigned char)s[k + cl - 1]) &&
			    (k + cl == n || strchr(" .,;|", s[k + cl]))) {
				buf_adds(&b, ", ");
				buf_add(&b, s + k, cl);
				k += cl;
			}
			if (last)
				break;
		}
		/* "by", "von", "par", "por" are prepositions too: in a sentence
		 * (a long block, a full stop) or before a lower-case word or a
		 * lone word in a longer block they name no one */
		bool prep = l >= 9 && l <= 12;
		/* ... and a byline's one stands first, after a date or a
		 * separator, or in a "Posted ..." line */
		if (prep && i > 0) {
			size_t q = i;
			while (q > 0 && s[q - 1] == ' ')
				q--;
			unsigned char c = q ? (unsigned char)s[q - 1] : 0;
			size_t pl;
			bool posted = word_is(s, n, "posted", 6, &pl) || word_is(s, n, "veröffentlicht", 15, &pl) ||
				      word_is(s, n, "publiziert", 10, &pl) || word_is(s, n, "publié", 7, &pl) ||
				      word_is(s, n, "publicado", 9, &pl) || word_is(s, n, "eingestellt", 11, &pl);
			if (!(isdigit(c) || c == '|' || c == ',' || c >= 0x80 || posted))
				words = 0;
		}
		bool sentence = n > 100 || s[n - 1] == '.' || (b.len && strchr(b.data, ':'));
		bool lower = b.len && islower((unsigned char)b.data[0]) && words > 1;
		if (prep && (sentence || lower || (words == 1 && n > 60)))
			words = 0;
		/* a label with no name after it, or a sentence: none */
		if (words >= 1 && (k >= n || words < 6)) {
			char *a = clean_author(buf_steal(&b, NULL));
			if (a)
				return a;
		} else {
			buf_free(&b);
		}
	}
	return NULL;
}

/* A dateline without a label, "04.02.2022 | 13:10 Uhr | Jane Doe": in a
 * short line that holds a date, the one part between separators that
 * reads as a person's name. */
static char *
dateline_name(const char *s, const char *lang)
{
	char day[11];
	if (!strchr(s, '|') || !extract_date_text(s, strlen(s), lang, day))
		return NULL;
	char *found = NULL;
	for (const char *p = s; *p; ) {
		size_t n = strcspn(p, "|");
		char *part = clean_author(nonempty_dup(p, n));
		if (part && name_like(part) && !found) {
			found = part;
		} else if (part && name_like(part)) {
			/* two names: which one is the author's is not clear */
			free(part);
			free(found);
			return NULL;
		} else {
			free(part);
		}
		p += n + (p[n] == '|');
	}
	return found;
}

/* Is s[0..n) just a label for the author ("Autor", "Author:", "Von")? */
static bool
author_label_n(const char *s, size_t n)
{
	static const char *const labels[] = { "author", "authors", "autor", "autorin", "autoren",
		"verfasser", "verfasserin", "auteur", "auteurs", "автор", "by", "von", "text",
		"written by", "article by", "posted by", "words by" };
	size_t len;
	while (n && isspace((unsigned char)*s))
		s++, n--;
	while (n && (s[n - 1] == ':' || isspace((unsigned char)s[n - 1])))
		n--;
	/* "Auteur(s)", "Autor(in)" */
	if (n > 4 && s[n - 1] == ')' && memchr(s + n - 5, '(', 4))
		n = (size_t)((const char *)memchr(s + n - 5, '(', 4) - s);
	for (size_t l = 0; l < sizeof labels / sizeof labels[0]; l++)
		if (word_is(s, n, labels[l], strlen(labels[l]), &len) && len == n)
			return true;
	return false;
}

static bool
author_label(const char *s)
{
	return author_label_n(s, strlen(s));
}

/* Whether a form control (input, select, textarea, button) lies after
 * element a up to element b in document order: a label before one is a
 * form field's ("Von:" over a search form's member field), and a
 * button's text is no name. */
static bool
control_between(const struct dom *d, int a, int b)
{
	static const char *const names[] = { "input", "select", "textarea", "button" };
	int tags[4];
	for (int k = 0; k < 4; k++)
		tags[k] = dom_tag_id(d, names[k]);
	for (int e = a + 1; e <= b && e < d->n; e++)
		for (int k = 0; k < 4; k++)
			if (tags[k] >= 0 && d->tag[e] == tags[k])
				return true;
	return false;
}

/* A byline in a short block around the headline: the pattern of pages
 * that mark nothing up. */
char *
author_from_byline(const struct dom *d, const uint8_t *marks, int h1, const char *lang)
{
	if (h1 < 0)
		return NULL;
	int start = d->text_begin[h1] > 20 ? d->text_begin[h1] - 20 : 0;
	int stop = d->text_end[h1] + 80, last = -1, label_at = -1;
	bool labelled = false;
	for (int t = start; t < stop && t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		int e = x->block;
		if (x->flags & TEXT_SKIP || e == last || d->text_end[e] - d->text_begin[e] > 12 ||
		    in_comments(d, marks, e))
			continue;
		last = e;
		char *s = element_text(d, e);
		char *a = NULL;
		/* a label standing alone ("Autor", "Author:") and the name in
		 * the block after it, as a table or a list of facts has it */
		bool label = author_label(s);
		if (labelled && !label && !dom_heading_level(d, e) &&
		    !control_between(d, label_at, e) && (a = clean_author(xstrdup(s))) &&
		    !name_like(a)) {
			free(a);
			a = NULL;
		}
		labelled = label;
		label_at = e;
		if (!a && strlen(s) <= 160 && !dom_heading_level(d, e))
			a = byline_name(s);
		if (!a && strlen(s) <= 160 && !dom_heading_level(d, e))
			a = cjk_byline(s);
		if (!a && x->len <= 100 && memchr(dom_text(d, t), '|', x->len) &&
		    !dom_heading_level(d, e)) {
			/* the line itself: a <small> or <span> in a longer block */
			char *line = collapsed_dup(dom_text(d, t), x->len);
			a = dateline_name(line, lang);
			free(line);
		}
		free(s);
		char *w = a ? name_within(d, e, a) : NULL;
		if (w) {
			free(a);
			a = w;
		}
		if (a)
			return a;
	}
	return NULL;
}

/* Does s[0..n) open with a label that says the next words are the
 * writer's: one of two words or more ("Written by", not "By": "By
 * clicking"), or a noun with its colon ("Authors: A and B")? */
static bool
writer_label_first(const char *s, size_t n)
{
	static const char *const labels[] = { "written by", "article by", "posted by",
		"words by", "geschrieben von", "verfasst von" };
	static const char *const nouns[] = { "author", "authors", "autor", "autoren", "autorin",
		"auteur", "auteurs", "verfasser", "автор" };
	size_t len;
	while (n && isspace((unsigned char)*s))
		s++, n--;
	for (size_t l = 0; l < sizeof labels / sizeof labels[0]; l++)
		if (word_is(s, n, labels[l], strlen(labels[l]), &len) && len < n)
			return true;
	for (size_t l = 0; l < sizeof nouns / sizeof nouns[0]; l++)
		if (word_is(s, n, nouns[l], strlen(nouns[l]), &len) && len + 1 < n && s[len] == ':')
			return true;
	return false;
}

/* Anywhere outside the page's chrome and comments: a label standing
 * alone and, in the block after it, what reads as a person's name; or a
 * short block that opens with a writer's label and the name after it
 * ("Written by Jane Doe", an author's box under the text). */
char *
author_after_label(const struct dom *d, const uint8_t *marks, bool dated)
{
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		/* (a comment's text is chrome too: MARK_COMMENTS comes with it) */
		if (x->flags & TEXT_SKIP || x->len > 80 || marks[x->elem] & MARK_CHROME)
			continue;
		if (d->text_begin[x->block] == t && writer_label_first(dom_text(d, t), x->len)) {
			char *s = element_text(d, x->block);
			/* the line may go on ("... on 2025-12-18 in debusine.
			 * Tags: ..."): byline_name stops at the name's end */
			char *a = strlen(s) <= 160 ? byline_name(s) : NULL;
			free(s);
			if (a && names_like(a))
				return a;
			free(a);
		}
		if (x->len > 24 || !author_label_n(dom_text(d, t), x->len))
			continue;
		/* "<span>By</span><span>Jane Doe</span>": a label that is its
		 * element's whole text, and the name the text right after it
		 * in the same block; on a dated page only, as an article's
		 * byline is (an undated page's "By" is a shop's for the
		 * maker: "By Boss Office Products") */
		bool alone = dated && d->text_begin[x->elem] == t && d->text_end[x->elem] == t + 1;
		bool first = true;
		for (int u = t + 1; u < d->ntexts; u++) {
			const struct dom_text *y = &d->texts[u];
			if (y->flags & TEXT_SKIP)
				continue;
			bool inside = y->block == x->block && alone && first;
			first = false;
			if (y->block == x->block && !inside)
				continue;
			if (in_comments(d, marks, y->block) || control_between(d, x->elem, y->elem))
				break;
			/* "Jane Doe, political scientist": the name before the role */
			char *v = inside ? collapsed_dup(dom_text(d, u), y->len) :
					   element_text(d, y->block);
			v[strcspn(v, ",|")] = 0;
			char *a = clean_author(v);
			if (a && name_like(a))
				return a;
			free(a);
			/* no name beside the label: the next block's, then */
			if (!inside)
				break;
		}
	}
	return NULL;
}

/* Is s[0..n) a forum's label for who opened the thread, standing
 * alone ("Thread starter", "Topic author:"), or opening the line with
 * the name after it ("Started by Jane, June 4, 2024")?  *len is the
 * label's length. */
static bool
starter_label(const char *s, size_t n, bool *alone, size_t *len)
{
	static const char *const labels[] = { "thread starter", "topic starter",
		"topic author", "started by" };
	while (n && (s[n - 1] == ' ' || s[n - 1] == ':'))
		n--;
	for (size_t l = 0; l < sizeof labels / sizeof labels[0]; l++)
		if (word_is(s, n, labels[l], strlen(labels[l]), len)) {
			*alone = *len == n;
			/* "Started by" runs on into the name; the others
			 * name it in the next element */
			if (*alone || l == 3)
				return true;
		}
	return false;
}

/* A name as a forum shows a member's: a login of one word ("paulb203",
 * "sean_g") or a name of up to four capitalised words. */
static char *
member_name(char *v)
{
	v[strcspn(v, ",|")] = '\0';
	char *a = clean_name(v);
	if (a && strchr(a, ' ') && (!name_like(a) || strlen(a) > 40)) {
		free(a);
		a = NULL;
	}
	return a;
}

char *
author_thread_starter(const struct dom *d)
{
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & TEXT_SKIP || x->len > 120)
			continue;
		/* every label opens with a t or an s: most texts are passed
		 * over before they are copied */
		const char *raw = dom_text(d, t);
		size_t sp = 0;
		while (sp < x->len && isspace((unsigned char)raw[sp]))
			sp++;
		if (sp == x->len || (tolower((unsigned char)raw[sp]) != 't' &&
				     tolower((unsigned char)raw[sp]) != 's'))
			continue;
		char *s = collapsed_dup(raw, x->len);
		bool alone = false;
		size_t len = 0;
		if (!starter_label(s, strlen(s), &alone, &len)) {
			free(s);
			continue;
		}
		char *a = NULL;
		if (!alone) {
			/* "Started by Biology Forums, June 04, 2024": the name
			 * up to the comma (member_name cuts it there) */
			memmove(s, s + len, strlen(s + len) + 1);
			a = member_name(s);
			s = NULL;
		}
		free(s);
		/* the text right after the label, in whatever element */
		for (int u = t + 1; alone && u < d->ntexts; u++) {
			const struct dom_text *y = &d->texts[u];
			if (y->flags & TEXT_SKIP)
				continue;
			char *v = collapsed_dup(dom_text(d, u), y->len);
			if (!*v) {
				free(v);
				continue;
			}
			a = member_name(v);
			break;
		}
		if (a)
			return a;
	}
	return NULL;
}

/* The name link i gives when it links an author's page ("/author/jane-doe/",
 * "/blog/authors/jane-doe") and its text or its aria-label is that name
 * written out ("Jane Doe", "Articles by Jane Doe"); one word too
 * ("/author/yucy/" linking "Yucy") where one_word.  NULL otherwise. */
static char *
author_link_name(const struct dom *d, int i, bool one_word)
{
	const char *href = dom_attr(d, i, "href");
	const char *p = href ? ascii_casestr(href, "/author/") : NULL;
	if (href && !p && (p = ascii_casestr(href, "/authors/")))
		p++;
	if (!p)
		return NULL;
	p += strlen("/author/");
	size_t n = strcspn(p, "/?#.");
	if (n < 3)
		return NULL;
	struct buf slug, name;
	buf_init(&slug);
	buf_init(&name);
	squeeze(p, n, &slug);
	char *found = NULL;
	for (int k = 0; k < 2 && !found && slug.len >= 3; k++) {
		const char *label = k ? dom_attr(d, i, "aria-label") : NULL;
		char *t = k ? (label ? xstrdup(label) : NULL) : element_text(d, i);
		/* "View all posts by Jane Doe", "Articles by Jane Doe" */
		const char *by = t ? ascii_casestr(t, " by ") : NULL;
		if (by)
			memmove(t, by + 4, strlen(by + 4) + 1);
		char *a = clean_author(t);
		name.len = 0;
		if (a)
			squeeze(a, strlen(a), &name);
		uint32_t cp = 0;
		bool word = one_word && a && !strchr(a, ' ') &&
			    utf8_decode((const unsigned char *)a, strlen(a), &cp) && capital(cp);
		if (a && (word || names_like(a)) && name.len == slug.len &&
		    !memcmp(name.data, slug.data, slug.len))
			found = a;
		else
			free(a);
	}
	buf_free(&slug);
	buf_free(&name);
	return found;
}

/* The name in a link to an author's page whose text or aria-label is
 * that name (author_link_name): a byline no class or rel marks.  The
 * first such link outside the comments, of a name of two words or more. */
char *
author_from_link(const struct dom *d, const uint8_t *marks)
{
	int a_tag = dom_tag_id(d, "a");
	for (int i = 0; a_tag >= 0 && i < d->n; i++) {
		if (d->tag[i] != a_tag || d->flags[i] & DOM_SKIP)
			continue;
		char *a = author_link_name(d, i, false);
		if (a && !in_comments(d, marks, i))
			return a;
		free(a);
	}
	return NULL;
}

/* An author that is the site's name, a domain or a login name
 * ("christian.stadtfeld", "wordpressadmin"). */
bool
login_like(const char *a)
{
	if (ascii_casestr(a, "admin"))
		return true;
	if (strchr(a, ' '))
		return false;
	bool lower = true, mark = false;
	for (const char *p = a; *p; p++) {
		lower &= !isupper((unsigned char)*p);
		mark |= *p == '.' || *p == '_' || isdigit((unsigned char)*p);
	}
	return lower && mark;
}

bool
weak_author(const char *a, const char *site, const char *host)
{
	return names_site(a, strlen(a), site, host) || login_like(a);
}

/* Where the next of a list's names starts in s ("A, B", "A and B", "A &
 * B", "A; B"), or NULL; *len is the first's length. */
static const char *
next_name(const char *s, size_t *len)
{
	static const char *const seps[] = { ", ", "; ", " and ", " & ", " und ", " et " };
	const char *best = NULL;
	size_t bl = 0;
	for (size_t k = 0; k < sizeof seps / sizeof seps[0]; k++) {
		const char *p = strstr(s, seps[k]);
		if (p && (!best || p < best))
			best = p, bl = strlen(seps[k]);
	}
	*len = best ? (size_t)(best - s) : strlen(s);
	return best ? best + bl : NULL;
}

/* Does a read as the names of one or more people ("A", "A and B",
 * "A, B & C"), each as name_like has it? */
static bool
names_like(const char *a)
{
	size_t n;
	for (const char *p = a, *rest; p; p = rest) {
		rest = next_name(p, &n);
		char *one = xstrndup(p, n);
		bool ok = name_like(one);
		free(one);
		if (!ok)
			return false;
	}
	return true;
}

/* The head's tags often carry the first author only, or an account's
 * first name; the byline is what the reader is shown.  Each name the
 * byline adds must read as a person's, so that a role or a date glued on
 * ("Logan RitchieStaff", "Maya Perez Friday") adds nothing. */
bool
author_extends(const char *a, const char *b)
{
	struct buf x, y;
	buf_init(&x);
	buf_init(&y);
	size_t n;
	const char *rest = next_name(a, &n);
	squeeze(a, n, &x);
	squeeze(b, strlen(b), &y);
	bool yes = y.len >= 2 && x.len >= y.len && !strncmp(x.data, y.data, y.len);
	if (yes && !rest) {
		/* one name: the account's single word, written out, and
		 * not with the month of a date ("Rabbids March") */
		char *first = xstrndup(a, n);
		const char *last = strrchr(first, ' ');
		yes = x.len > y.len && !strchr(b, ' ') && name_like(first) &&
		      !(last && month_word(last + 1, strlen(last + 1)));
		free(first);
	} else if (yes) {
		yes = x.len == y.len;
		for (const char *p = rest; p && yes; p = rest) {
			rest = next_name(p, &n);
			char *other = xstrndup(p, n);
			yes = name_like(other);
			free(other);
		}
	}
	buf_free(&x);
	buf_free(&y);
	return yes;
}
