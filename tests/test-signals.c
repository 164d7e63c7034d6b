/* test-signals.c - the per-block feature vectors of features_compute(),
 * worked out by hand from auto-signals.h on small pages.  The context features
 * depend on the model's first-stage weights, so they are checked through
 * their definitions on pages whose core is not in doubt. */
#include "testlib.h"

#include "method/auto-decide.h"
#include "method/auto-model.h"
#include "method/auto-signals.h"

/* Index of the block whose element has id=value; fails the test if that
 * element is not a block. */
static int
block_index(const struct page *pg, const struct features *f, const char *value)
{
	int e = test_by_id(pg, value);
	for (int j = 0; j < f->nblocks; j++)
		if (f->block[j] == e)
			return j;
	fail_msg("#%s is not a block", value);
	return -1;
}

/* One signal's value on the blocks of a page, by their elements' ids. */
struct id_value {
	const char *id;
	float value;
};

static void
expect_signal(const char *html, int feature, const struct id_value *want, size_t n)
{
	struct page pg;
	struct features f;
	test_page(&pg, html);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	for (size_t i = 0; i < n; i++)
		assert_near(f.x[block_index(&pg, &f, want[i].id)][feature], want[i].value, 0);
	features_free(&f);
	page_free(&pg);
}

/* Characters (whitespace never counts) and what follows from them.
 * b1: "Hello world, see " 14 + "." 1 own, "this link" 8 link = 23,
 *     two punctuation marks, ends with '.'
 * b2: "One two three" 11, no punctuation
 * b3: "First, second, " 13, two commas, a trailing comma does not end
 * b4: "Is it " 4 + "true" 4 in a <b> + "? " 1 = 9, ends with '?' before
 *     the blank
 * b5: 中文。 3, the ideographic full stop is punctuation and ends it
 * b6: "© 2024 Someone" 12; b7: "COPYRIGHT notice" 15;
 * b8: "All Rights Reserved" 17: all three say copyright.
 * The page's text: 23 + 11 + 13 + 9 + 3 + 12 + 15 + 17 = 103. */
static const char text_page[] =
	"<html><head><title>Title words</title></head><body>"
	"<p id=\"b1\">Hello world, see <a href=\"/x\">this link</a>.</p>"
	"<p id=\"b2\">One two three</p>"
	"<div id=\"b3\">First, second, </div>"
	"<div id=\"b4\">Is it <b>true</b>? </div>"
	"<p id=\"b5\">\xe4\xb8\xad\xe6\x96\x87\xe3\x80\x82</p>"       /* 中文。 */
	"<div id=\"b6\">\xc2\xa9 2024 Someone</div>"                    /* © */
	"<div id=\"b7\">COPYRIGHT notice</div>"
	"<div id=\"b8\">All Rights Reserved</div>"
	"</body></html>";

static void
test_text(void **state)
{
	(void)state;
	static const struct {
		const char *id;
		int chars, links, punct, ends, before, copyright;
	} want[] = {
		{ "b1", 23, 8, 2, 1, 0, 0 },
		{ "b2", 11, 0, 0, 0, 23, 0 },
		{ "b3", 13, 0, 2, 0, 34, 0 },
		{ "b4", 9, 0, 1, 1, 47, 0 },
		{ "b5", 3, 0, 1, 1, 56, 0 },
		{ "b6", 12, 0, 0, 0, 59, 1 },
		{ "b7", 15, 0, 0, 0, 71, 1 },
		{ "b8", 17, 0, 0, 0, 86, 1 },
	};
	struct page pg;
	struct features f;
	test_page(&pg, text_page);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.nblocks, 8);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		int j = block_index(&pg, &f, want[i].id);
		const float *x = f.x[j];
		assert_int_equal(j, (int)i);            /* blocks in reading order */
		assert_int_equal(f.chars[j], want[i].chars);
		assert_near(x[F_BIAS], 1, 0);
		assert_near(x[F_LOG_CHARS], logf(1.0f + want[i].chars), 1e-4);
		assert_near(x[F_LINK_DENSITY], (double)want[i].links / want[i].chars, 1e-4);
		assert_near(x[F_PUNCT], 10.0 * want[i].punct / want[i].chars, 1e-4);
		assert_near(x[F_ENDS_PUNCT], want[i].ends, 0);
		assert_near(x[F_POSITION], want[i].before / 103.0, 1e-4);
		assert_near(x[F_COPYRIGHT], want[i].copyright, 0);
	}
	/* b1 in numbers: 8 / 23, 10 x 2 / 23, log 24 */
	const float *b1 = f.x[block_index(&pg, &f, "b1")];
	assert_near(b1[F_LINK_DENSITY], 0.347826, 1e-4);
	assert_near(b1[F_PUNCT], 0.869565, 1e-4);
	assert_near(b1[F_LOG_CHARS], 3.178054, 1e-4);
	features_free(&f);
	page_free(&pg);
}

/* The tag of the block element itself: h1-h6 (h1 also on its own); p;
 * li, dd, dt; td, th; pre, blockquote; and none for figcaption, div,
 * section and header (an h that is not a heading). */
static const char tag_page[] =
	"<html><head><title>Title words</title></head><body>"
	"<h1 id=\"t1\">One</h1><h6 id=\"t2\">Six</h6><p id=\"t3\">Para</p>"
	"<ul><li id=\"t4\">Item</li></ul>"
	"<dl><dt id=\"t5\">Term</dt><dd id=\"t6\">Definition</dd></dl>"
	"<table><tr><th id=\"t7\">Head</th><td id=\"t8\">Cell</td></tr></table>"
	"<pre id=\"t9\">Code</pre><blockquote id=\"t10\">Quote</blockquote>"
	"<figure><img src=\"a.png\" alt=\"\"><figcaption id=\"t11\">Caption</figcaption>"
	"</figure>"
	"<div id=\"t12\">Plain</div><section id=\"t13\">Sect</section>"
	"<header id=\"t14\">Top</header>"
	"</body></html>";

static void
test_tags(void **state)
{
	(void)state;
	static const struct {
		const char *id;
		float heading, h1, p, li, cell, pre;
	} want[] = {
		{ "t1", 1, 1, 0, 0, 0, 0 },
		{ "t2", 1, 0, 0, 0, 0, 0 },
		{ "t3", 0, 0, 1, 0, 0, 0 },
		{ "t4", 0, 0, 0, 1, 0, 0 },
		{ "t5", 0, 0, 0, 1, 0, 0 },
		{ "t6", 0, 0, 0, 1, 0, 0 },
		{ "t7", 0, 0, 0, 0, 1, 0 },
		{ "t8", 0, 0, 0, 0, 1, 0 },
		{ "t9", 0, 0, 0, 0, 0, 1 },
		{ "t10", 0, 0, 0, 0, 0, 1 },
		{ "t11", 0, 0, 0, 0, 0, 0 },
		{ "t12", 0, 0, 0, 0, 0, 0 },
		{ "t13", 0, 0, 0, 0, 0, 0 },
		{ "t14", 0, 0, 0, 0, 0, 0 },
	};
	struct page pg;
	struct features f;
	test_page(&pg, tag_page);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.nblocks, 14);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const float *x = f.x[block_index(&pg, &f, want[i].id)];
		assert_near(x[F_TAG_HEADING], want[i].heading, 0);
		assert_near(x[F_TAG_H1], want[i].h1, 0);
		assert_near(x[F_TAG_P], want[i].p, 0);
		assert_near(x[F_TAG_LI], want[i].li, 0);
		assert_near(x[F_TAG_CELL], want[i].cell, 0);
		assert_near(x[F_TAG_PRE], want[i].pre, 0);
	}
	features_free(&f);
	page_free(&pg);
}

/* Markup on the block or any ancestor: semantic elements and attributes
 * (any case), class and id words as case-blind substrings, negative
 * tags. */
static const char ancestor_page[] =
	"<html><head><title>Title words</title></head><body>"
	"<div id=\"b0\">Plain text</div>"
	"<article><div><p id=\"b1\">In an article</p></div></article>"
	"<main><p id=\"b2\">In main</p></main>"
	"<div itemprop=\"ARTICLEBODY\"><p id=\"b3\">Item prop</p></div>"
	"<div role=\"Main\"><p id=\"b4\">Role main</p></div>"
	"<div class=\"user-Sidebar\"><div><p id=\"b5\">In a sidebar</p></div></div>"
	"<div id=\"SHARE-bar\">Share this</div>"
	"<p id=\"b6\" class=\"x related-links\">Related</p>"
	"<div class=\"post-content\"><p id=\"b7\">Post</p></div>"
	"<section id=\"storyline\"><p id=\"b8\">Story</p></section>"
	"<nav><p id=\"b9\">Nav</p></nav>"
	"<aside><p id=\"b10\">Aside</p></aside>"
	"<footer><p id=\"b11\">Footer</p></footer>"
	"<header><p id=\"b12\">Header</p></header>"
	"<form><p id=\"b13\">Form</p><input name=\"q\"></form>"
	"<menu><li id=\"b14\">Menu item</li></menu>"
	"<div class=\"nav-content\"><p id=\"b15\">Both</p></div>"
	"<ol id=\"Comment-list\"><li><p id=\"b16\">A comment</p></li></ol>"
	"<div class=\"reply-box\"><p id=\"b17\">A reply</p></div>"
	"<figure><div><p id=\"b18\">In a figure</p></div></figure>"
	"<figcaption id=\"b19\">Loose caption</figcaption>"
	"<div class=\"wp-Caption-text\"><p id=\"b20\">Caption class</p></div>"
	"<div id=\"photoCREDIT\">Credit id</div>"
	"<div class=\"figure-like\"><p id=\"b22\">Not a figure</p></div>"
	"</body></html>";

static void
test_ancestors(void **state)
{
	(void)state;
	static const struct {
		const char *id;
		float semantic, neg_word, pos_word, neg_tag, comment, caption;
	} want[] = {
		{ "b0", 0, 0, 0, 0, 0, 0 },
		{ "b1", 1, 0, 0, 0, 0, 0 },           /* article, two levels up */
		{ "b2", 1, 0, 0, 0, 0, 0 },           /* main */
		{ "b3", 1, 0, 0, 0, 0, 0 },           /* itemprop=articleBody */
		{ "b4", 1, 0, 0, 0, 0, 0 },           /* role=main */
		{ "b5", 0, 1, 0, 0, 0, 0 },           /* class "sidebar", two levels up */
		{ "SHARE-bar", 0, 1, 0, 0, 0, 0 },    /* its own id says "share" */
		{ "b6", 0, 1, 0, 0, 0, 0 },           /* its own class says "related" */
		{ "b7", 0, 0, 1, 0, 0, 0 },           /* class "post", "content" */
		{ "b8", 0, 0, 1, 0, 0, 0 },           /* id "story" */
		{ "b9", 0, 0, 0, 1, 0, 0 },           /* nav */
		{ "b10", 0, 0, 0, 1, 0, 0 },          /* aside */
		{ "b11", 0, 0, 0, 1, 0, 0 },          /* footer */
		{ "b12", 0, 0, 0, 1, 0, 0 },          /* header */
		{ "b13", 0, 0, 0, 1, 0, 0 },          /* form */
		{ "b14", 0, 0, 0, 1, 0, 0 },          /* menu */
		{ "b15", 0, 1, 1, 0, 0, 0 },          /* "nav" and "content" both */
		{ "b16", 0, 0, 0, 0, 1, 0 },          /* id "Comment-list": a comment, not neg_word */
		{ "b17", 0, 0, 0, 0, 1, 0 },          /* class "reply-box" */
		{ "b18", 0, 0, 0, 0, 0, 1 },          /* inside figure */
		{ "b19", 0, 0, 0, 0, 0, 1 },          /* figcaption itself */
		{ "b20", 0, 0, 1, 0, 0, 1 },          /* "wp-Caption-text": "text" is positive */
		{ "photoCREDIT", 0, 0, 0, 0, 0, 1 },  /* id says "credit" */
		{ "b22", 0, 0, 0, 0, 0, 0 },          /* a class word is not a tag */
	};
	struct page pg;
	struct features f;
	test_page(&pg, ancestor_page);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.nblocks, 24);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const float *x = f.x[block_index(&pg, &f, want[i].id)];
		assert_near(x[F_SEMANTIC], want[i].semantic, 0);
		assert_near(x[F_NEG_WORD], want[i].neg_word, 0);
		assert_near(x[F_POS_WORD], want[i].pos_word, 0);
		assert_near(x[F_NEG_TAG], want[i].neg_tag, 0);
		assert_near(x[F_COMMENT], want[i].comment, 0);
		assert_near(x[F_CAPTION], want[i].caption, 0);
		assert_near(x[F_HIDDEN], 0, 0);
	}
	features_free(&f);
	page_free(&pg);
}

/* The comment signal on forum threads.  A container that names itself a
 * thread, topic or forum and holds a post of its own (a block of 80
 * characters or more outside any comment section) before its first
 * comment-named element: there the replies are not a comment section
 * (which blocks are posts is auto-thread.c's, after the model: test-thread).
 * thread: div#t1 "Thread-view"; its first post p#op has 87 characters
 *   (no blanks), before li.reply: t1 is the thread, op its first post, and
 *   the replies r1, r2 lose the comment flag.
 * WordPress: li.comment.thread-even names a thread but is a comment itself.
 * Disqus: div#disqus_thread holds only comments: no post before them.
 * A short post (p#short, 20 characters) is no post of its own. */
static const char thread_page[] =
	"<html><body>"
	"<div id=\"t1\" class=\"Thread-view\">"
	"<div class=\"opening\"><p id=\"op\">Aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd "
	"eeeeeeeeee ffffffffff gggggggggg hhhhhhhhhh iiiiii.</p></div>"
	"<ol><li class=\"reply\" id=\"r1\">First reply here.</li>"
	"<li class=\"reply\" id=\"r2\">Second reply.</li></ol></div>"
	"<ol class=\"commentlist\"><li class=\"comment even thread-even\" id=\"wp\">"
	"A comment on the thread itself, which is long enough to be a post of eighty characters.</li></ol>"
	"<div id=\"disqus_thread\"><p id=\"dq\">A Disqus comment.</p></div>"
	"<div class=\"forum\"><p id=\"short\">Only twenty letters.</p>"
	"<div class=\"comment\" id=\"c3\">Still a comment.</div></div>"
	"</body></html>";

static void
test_thread(void **state)
{
	(void)state;
	static const struct id_value want[] = {
		{ "op", 0 }, { "r1", 0 }, { "r2", 0 }, { "wp", 1 }, { "dq", 1 },
		{ "short", 0 }, { "c3", 1 },
	};
	expect_signal(thread_page, F_COMMENT, want, sizeof want / sizeof want[0]);
}

/* The page's own classes name its template: body.comments-page (a
 * thread's page) and html.has-comments hold the whole page, no box of
 * comments; div.comment below them is one.  A class that says a state of
 * its element (article.has-comments: the post has comments below it;
 * no-comments, with_replies) names no box either, while another class
 * beside it may (ol.comment-list.has-replies); an id counts as a class. */
static void
test_comment_template(void **state)
{
	(void)state;
	struct page pg;
	struct features f;
	test_page(&pg, "<html class=\"has-comments\"><body class=\"single-page comments-page\">"
		  "<p id=\"post\">The post itself.</p><div class=\"comment\"><p id=\"c1\">A "
		  "reply.</p></div>"
		  "<article class=\"hentry has-comments\"><p id=\"a1\">An article.</p></article>"
		  "<div class=\"entry no-comments\"><p id=\"a2\">Another.</p></div>"
		  "<div class=\"x With_Replies\"><p id=\"a3\">A third.</p></div>"
		  "<ol class=\"comment-list has-replies\"><li id=\"c2\">A reply in a list.</li></ol>"
		  "<div class=\"has-comments\" id=\"comments\"><p id=\"c3\">Named by its id.</p></div>"
		  "</body></html>");
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_near(f.x[block_index(&pg, &f, "post")][F_COMMENT], 0, 0);
	assert_near(f.x[block_index(&pg, &f, "c1")][F_COMMENT], 1, 0);
	assert_near(f.x[block_index(&pg, &f, "a1")][F_COMMENT], 0, 0);
	assert_near(f.x[block_index(&pg, &f, "a2")][F_COMMENT], 0, 0);
	assert_near(f.x[block_index(&pg, &f, "a3")][F_COMMENT], 0, 0);
	assert_near(f.x[block_index(&pg, &f, "c2")][F_COMMENT], 1, 0);
	assert_near(f.x[block_index(&pg, &f, "c3")][F_COMMENT], 1, 0);
	features_free(&f);
	page_free(&pg);
}

/* The hidden attribute and inline display:none or visibility:hidden, on
 * the block or above it, in any case and with blanks; other styles are
 * not hiding. */
static const char hidden_page[] =
	"<html><head><title>Title words</title></head><body>"
	"<p id=\"b0\">Shown</p>"
	"<div hidden><p id=\"b1\">Attribute</p></div>"
	"<p id=\"b2\" style=\"display:none\">Inline</p>"
	"<div style=\"color: red; DISPLAY : None\"><div><p id=\"b3\">Spaced</p></div></div>"
	"<p id=\"b4\" style=\"Visibility: HIDDEN\">Invisible</p>"
	"<p id=\"b5\" style=\"display: block; visibility: visible\">Visible</p>"
	"<p id=\"b6\" style=\"font-family: Georgia, 'Times New Roman', Times, serif; "
	"font-size: 14px; line-height: 1.5; margin: 0 0 12px 0; padding: 0 4px; "
	"color: #222; display:none\">Late in a long style</p>"
	"<p id=\"b7\" style=\"x-display: none; my-visibility:hidden\">Other names</p>"
	"</body></html>";

static void
test_hidden(void **state)
{
	(void)state;
	static const struct {
		const char *id;
		float hidden;
	} want[] = {
		{ "b0", 0 }, { "b1", 1 }, { "b2", 1 }, { "b3", 1 }, { "b4", 1 }, { "b5", 0 },
		{ "b6", 1 },    /* display:none after 150 characters of style */
		{ "b7", 0 },    /* properties that only end in display, visibility */
	};
	struct page pg;
	struct features f;
	test_page(&pg, hidden_page);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	/* hidden text is still a block */
	assert_int_equal(f.nblocks, 8);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const float *x = f.x[block_index(&pg, &f, want[i].id)];
		assert_near(x[F_HIDDEN], want[i].hidden, 0);
	}
	features_free(&f);
	page_free(&pg);
}

/* A form that holds half the page's text or more wraps the page (an
 * ASP.NET page's one form), and is no negative tag for what it holds; a
 * nav inside it still is, and so is a form with less and a control.
 * Page 1: w1 40 characters, n1 "Home" 4 in a nav, both in form #wrap;
 *   s1 "Searchthesite" 13 in a second form with a text input: 44 of 57
 *   in the first.
 * Page 2: f1 20 in a form with a button, o1 40 outside it: 20 of 60.
 * Page 3: m1 20 in a form whose only input is hidden (a post sent back
 *   when edited), o2 40 outside it: no control a reader sees, no
 *   negative tag; m2 in a form with a select is one. */
static void
test_form_wrapper(void **state)
{
	(void)state;
	static const char *const pages[] = {
		"<html><body><form id=\"wrap\"><div><p id=\"w1\">Aaaaaaaaaa bbbbbbbbbb cccccccccc "
		"dddddddddd</p><nav><p id=\"n1\">Home</p></nav></div></form>"
		"<form><p id=\"s1\">Search the site</p><input name=\"q\"></form></body></html>",
		"<html><body><form><p id=\"f1\">Aaaaaaaaaa bbbbbbbbbb</p><button>Send</button></form>"
		"<p id=\"o1\">Aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd</p></body></html>",
		"<html><body><form class=\"usertext\"><input type=\"hidden\" name=\"thing_id\">"
		"<div><p id=\"m1\">Aaaaaaaaaa bbbbbbbbbb</p></div></form>"
		"<p id=\"o2\">Aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd</p>"
		"<form><p id=\"m2\">Sort by</p><select><option>new</option></select></form>"
		"</body></html>",
	};
	static const struct { int page; const char *id; float neg_tag; } want[] = {
		{ 0, "w1", 0 }, { 0, "n1", 1 }, { 0, "s1", 1 }, { 1, "f1", 1 }, { 1, "o1", 0 },
		{ 2, "m1", 0 }, { 2, "o2", 0 }, { 2, "m2", 1 },
	};
	for (int k = 0; k < 3; k++) {
		struct page pg;
		struct features f;
		test_page(&pg, pages[k]);
		features_compute(&pg, auto_model_builtin.stage1, &f);
		for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
			if (want[i].page == k)
				assert_near(f.x[block_index(&pg, &f, want[i].id)][F_NEG_TAG],
					    want[i].neg_tag, 0);
		features_free(&f);
		page_free(&pg);
	}
}

/* A header is the page's banner only outside sectioning content: the
 * body's header (b1) and a nav in an article's header (n2) are
 * negative; an article's header (h1), a section's (h2) and main's (h3)
 * head their part and are not; an article's footer (f1) still is. */
static void
test_header_in_part(void **state)
{
	(void)state;
	static const struct id_value want[] = {
		{ "b1", 1 }, { "h3", 0 }, { "h1", 0 }, { "n2", 1 }, { "f1", 1 }, { "h2", 0 },
	};
	expect_signal("<html><body><header><p id=\"b1\">Site name</p></header><main>"
		      "<header><p id=\"h3\">Topic</p></header>"
		      "<article><header><p id=\"h1\">A headline</p><nav><p id=\"n2\">Up</p></nav>"
		      "</header><p>Aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd.</p>"
		      "<footer><p id=\"f1\">Tags</p></footer></article>"
		      "<section><header><p id=\"h2\">Part two</p></header></section>"
		      "</main></body></html>", F_NEG_TAG, want, sizeof want / sizeof want[0]);
}

/* A landmark's ARIA role makes a negative tag as its element does: a
 * div with role=navigation (r1), "Banner" in capitals (r2), contentinfo
 * with a fallback token after it (r3); the first token is the role, so
 * "presentation navigation" is none (r4), nor is a role the list lacks
 * (r5). */
static void
test_landmark_roles(void **state)
{
	(void)state;
	static const struct id_value want[] = {
		{ "r1", 1 }, { "r2", 1 }, { "r3", 1 }, { "r4", 0 }, { "r5", 0 },
	};
	expect_signal("<html><body><div role=\"navigation\"><p id=\"r1\">Home</p></div>"
		      "<div role=\"Banner\"><p id=\"r2\">Site</p></div>"
		      "<div role=\"contentinfo region\"><p id=\"r3\">Contact</p></div>"
		      "<div role=\"presentation navigation\"><p id=\"r4\">Aaaaaaaaaa bbbbbbbbbb</p></div>"
		      "<div role=\"region\"><p id=\"r5\">Aaaaaaaaaa bbbbbbbbbb cccccccccc.</p></div>"
		      "</body></html>", F_NEG_TAG, want, sizeof want / sizeof want[0]);
}

/* The cards of one block: six li of one class under one ul, "Title N"
 * (6 characters each, 36 in all), beat a nav's six links of 4 ("Menu",
 * 24); five spans of one class (a group under CARDS1_MIN) are none;
 * a li of two blocks is not one of them. */
static void
test_cards1(void **state)
{
	(void)state;
	struct page pg;
	struct features f;
	test_page(&pg, "<html><body><nav><ul>"
		  "<li><a href=\"/1\">Menu</a></li><li><a href=\"/2\">Menu</a></li>"
		  "<li><a href=\"/3\">Menu</a></li><li><a href=\"/4\">Menu</a></li>"
		  "<li><a href=\"/5\">Menu</a></li><li><a href=\"/6\">Menu</a></li></ul></nav>"
		  "<p>Five <span class=\"s\">a</span><span class=\"s\">b</span>"
		  "<span class=\"s\">c</span><span class=\"s\">d</span><span class=\"s\">e</span></p>"
		  "<ul><li class=\"c\" id=\"k1\"><a href=\"/a\">Title 1</a></li>"
		  "<li class=\"c\"><a href=\"/b\">Title 2</a></li>"
		  "<li class=\"c\"><a href=\"/c\">Title 3</a></li>"
		  "<li class=\"c\"><a href=\"/d\">Title 4</a></li>"
		  "<li class=\"c\"><a href=\"/e\">Title 5</a></li>"
		  "<li class=\"c\" id=\"k6\"><a href=\"/f\">Title 6</a></li>"
		  "<li class=\"c\"><p>Two</p><p>blocks</p></li></ul></body></html>");
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.page.ncards1, 6);
	assert_int_equal(f.page.cards1[0], test_by_id(&pg, "k1"));
	assert_int_equal(f.page.cards1[5], test_by_id(&pg, "k6"));
	features_free(&f);
	page_free(&pg);
}

/* Ten characters and a blank. */
#define W10 "abcdefghij "

/* Sibling blocks of at least 80 characters, link text included:
 * b0 has 79, b1 80, b2 40 + 40 of link text, b3 5 -> 2 of 4 for each of
 * them; b4 is alone and short, b5 alone and long. */
static const char sibling_page[] =
	"<html><head><title>Title words</title></head><body>"
	"<div><p id=\"b0\">" W10 W10 W10 W10 W10 W10 W10 "abcdefghi</p>"
	"<p id=\"b1\">" W10 W10 W10 W10 W10 W10 W10 W10 "</p>"
	"<p id=\"b2\">" W10 W10 W10 W10 "<a href=\"/x\">" W10 W10 W10 W10 "</a></p>"
	"<p id=\"b3\">Short</p></div>"
	"<div><p id=\"b4\">Alone</p></div>"
	"<div><p id=\"b5\">" W10 W10 W10 W10 W10 W10 W10 W10 "</p></div>"
	"</body></html>";

static void
test_sib_long(void **state)
{
	(void)state;
	static const struct {
		const char *id;
		int chars;
		double sib_long, link_density;
	} want[] = {
		{ "b0", 79, 0.5, 0 },
		{ "b1", 80, 0.5, 0 },
		{ "b2", 80, 0.5, 0.5 },
		{ "b3", 5, 0.5, 0 },
		{ "b4", 5, 0, 0 },
		{ "b5", 80, 1, 0 },
	};
	struct page pg;
	struct features f;
	test_page(&pg, sibling_page);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.nblocks, 6);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		int j = block_index(&pg, &f, want[i].id);
		assert_int_equal(f.chars[j], want[i].chars);
		assert_near(f.x[j][F_SIB_LONG], want[i].sib_long, 1e-4);
		assert_near(f.x[j][F_LINK_DENSITY], want[i].link_density, 1e-4);
	}
	features_free(&f);
	page_free(&pg);
}

/* JSON-LD articleBody: its words (\n read as a blank, \" as a quote)
 * against each block's words, case folded.
 * b0: the, river, rose, overnight: 4 of 4
 * b1: residents, moved of residents, moved, away, quickly: 2 of 4
 * b2: nothing, here: 0 of 2
 * b3: higher, ground of higher, ground, surely: 2 of 3 */
static const char jsonld_page[] =
	"<html><head><title>Title words</title>"
	"<script type=\"application/ld+json\">{\"@type\": \"NewsArticle\", "
	"\"headline\": \"Flood\", \"articleBody\": \"The river rose overnight.\\n"
	"Residents moved to \\\"higher\\\" ground.\"}</script></head><body>"
	"<p id=\"b0\">THE RIVER ROSE OVERNIGHT.</p>"
	"<p id=\"b1\">Residents moved away quickly</p>"
	"<p id=\"b2\">Nothing here</p>"
	"<p id=\"b3\">\"Higher\" ground, surely</p>"
	"</body></html>";

/* No articleBody: JSON-LD without one, and an ordinary script with one. */
static const char no_jsonld_page[] =
	"<html><head><title>Title words</title>"
	"<script type=\"application/ld+json\">{\"@type\": \"WebPage\", "
	"\"name\": \"The river\"}</script>"
	"<script>var x = {\"articleBody\": \"The river\"};</script>"
	"</head><body><p id=\"b0\">The river</p></body></html>";

static void
test_jsonld(void **state)
{
	(void)state;
	static const struct {
		const char *id;
		double share;
	} want[] = {
		{ "b0", 1 }, { "b1", 2 / 4.0 }, { "b2", 0 }, { "b3", 2 / 3.0 },
	};
	struct page pg;
	struct features f;
	test_page(&pg, jsonld_page);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.nblocks, 4);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const float *x = f.x[block_index(&pg, &f, want[i].id)];
		assert_near(x[F_HAS_JSONLD], 1, 0);
		assert_near(x[F_JSONLD], want[i].share, 1e-4);
	}
	features_free(&f);
	page_free(&pg);

	test_page(&pg, no_jsonld_page);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.nblocks, 1);
	assert_near(f.x[0][F_HAS_JSONLD], 0, 0);
	assert_near(f.x[0][F_JSONLD], 0, 0);
	features_free(&f);
	page_free(&pg);
}

/* neigh_p of every block: the mean first-stage probability of the blocks
 * before and after it, one of them at either end, its own when alone. */
static void
check_neigh_p(const struct features *f)
{
	for (int j = 0; j < f->nblocks; j++) {
		double s = 0;
		int k = 0;
		if (j > 0)
			s += auto_stage1(f->x[j - 1]), k++;
		if (j + 1 < f->nblocks)
			s += auto_stage1(f->x[j + 1]), k++;
		assert_near(f->x[j][F_NEIGH_P], k ? s / k : auto_stage1(f->x[j]), 1e-4);
	}
}

/* An article of four long paragraphs of prose between a short link menu
 * and a comment box: the core is the article.  Elements: body, nav (the
 * menu's block), article with p x4, div.comments with one p. */
static const char core_page[] =
	"<html><head><title>The old mill reopens</title></head><body>"
	"<nav id=\"m1\"><a href=\"/\">Home</a> <a href=\"/town\">Town</a> "
	"<a href=\"/sport\">Sport</a></nav>"
	"<article id=\"a1\">"
	"<p>The old water mill on the river reopened on Saturday after eleven "
	"years of repairs, and more than two hundred people came to watch the "
	"wheel turn again for the first time.</p>"
	"<p>Volunteers rebuilt the wooden wheel by hand, using oak from the "
	"woods above the village and drawings that the last miller had left in "
	"a drawer of his desk.</p>"
	"<p>The mill will grind flour on the first weekend of every month, and "
	"the bakery in the square has already promised to buy whatever it "
	"produces this year.</p>"
	"<p>The council says the repairs cost less than a new car park would "
	"have, and that the mill has brought more visitors to the town than any "
	"other project.</p></article>"
	"<div class=\"comments\"><p id=\"c1\">Lovely news.</p></div>"
	"</body></html>";

static void
test_core(void **state)
{
	(void)state;
	struct page pg;
	struct features f;
	test_page(&pg, core_page);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	const struct dom *d = pg.dom;
	int article = test_by_id(&pg, "a1");
	assert_int_equal(f.nblocks, 6);
	assert_int_equal(f.core, article);
	/* the paragraphs: inside, one step below the core, nothing negative */
	int paragraphs = 0;
	for (int j = 0; j < f.nblocks; j++) {
		if (d->parent[f.block[j]] != article)
			continue;
		paragraphs++;
		assert_near(f.x[j][F_IN_CORE], 1, 0);
		assert_near(f.x[j][F_CORE_DIST], logf(2), 1e-4);
		assert_near(f.x[j][F_LOCAL_NEG], 0, 0);
		assert_near(f.x[j][F_SEMANTIC], 1, 0);
	}
	assert_int_equal(paragraphs, 4);
	/* the comment: p, div.comments, body, article is three steps, and
	 * the div's class is below where they meet (body) */
	const float *c = f.x[block_index(&pg, &f, "c1")];
	assert_near(c[F_IN_CORE], 0, 0);
	assert_near(c[F_LOCAL_NEG], 1, 0);
	assert_near(c[F_CORE_DIST], logf(1 + 3), 1e-4);
	/* the menu: nav, body, article is two steps; nav is a negative tag */
	const float *m = f.x[block_index(&pg, &f, "m1")];
	assert_near(m[F_IN_CORE], 0, 0);
	assert_near(m[F_LOCAL_NEG], 1, 0);
	assert_near(m[F_CORE_DIST], logf(1 + 2), 1e-4);
	check_neigh_p(&f);
	features_free(&f);
	page_free(&pg);
}

/* The same article inside a share box and nothing else: the article has
 * a negative word above it, so the core is the body, the deepest
 * element with none; each paragraph is three steps away (p, article,
 * div.share, body) with the share box between. */
static void
test_core_not_negative(void **state)
{
	(void)state;
	struct page pg;
	struct features f;
	struct buf html;
	buf_init(&html);
	const char *a = strstr(core_page, "<article"), *z = strstr(core_page, "<div class");
	buf_adds(&html, "<html><body><div class=\"share\">");
	buf_add(&html, a, (size_t)(z - a));
	buf_adds(&html, "</div></body></html>");
	test_page(&pg, html.data);
	buf_free(&html);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.nblocks, 4);
	assert_int_equal(f.core, pg.dom->body);
	for (int j = 0; j < f.nblocks; j++) {
		assert_near(f.x[j][F_NEG_WORD], 1, 0);
		assert_near(f.x[j][F_IN_CORE], 1, 0);
		assert_near(f.x[j][F_CORE_DIST], logf(1 + 3), 1e-4);
		assert_near(f.x[j][F_LOCAL_NEG], 1, 0);
	}
	check_neigh_p(&f);
	features_free(&f);
	page_free(&pg);
}

/* No text at all: no blocks, the body as the core. */
static void
test_empty(void **state)
{
	(void)state;
	static const char *const pages[] = {
		"<html><head><title>Title words</title></head><body></body></html>",
		"<html><body>  <br> <script>var a = 1;</script> </body></html>",
	};
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		struct page pg;
		struct features f;
		test_page(&pg, pages[i]);
		features_compute(&pg, auto_model_builtin.stage1, &f);
		assert_int_equal(f.nblocks, 0);
		assert_int_equal(f.core, pg.dom->body);
		features_free(&f);
		assert_int_equal(f.nblocks, 0);
		assert_null(f.x);
		page_free(&pg);
	}
}

/* One block: no neighbours; the core is the block itself when its
 * first-stage probability is above 1/2 (the deepest of the elements
 * with that sum), the body otherwise. */
static void
test_single_block(void **state)
{
	(void)state;
	struct page pg;
	struct features f;
	test_page(&pg, "<html><head><title>Title words</title></head><body>"
		  "<p id=\"b0\">Only this, here.</p></body></html>");
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.nblocks, 1);
	assert_int_equal(f.block[0], test_by_id(&pg, "b0"));
	assert_int_equal(f.chars[0], 14);
	assert_near(f.x[0][F_POSITION], 0, 0);
	assert_near(f.x[0][F_SIB_LONG], 0, 0);
	assert_near(f.x[0][F_NEIGH_P], auto_stage1(f.x[0]), 1e-6);
	assert_near(f.x[0][F_IN_CORE], 1, 0);
	if (auto_stage1(f.x[0]) > 0.5) {
		assert_int_equal(f.core, f.block[0]);
		assert_near(f.x[0][F_CORE_DIST], 0, 0);
	} else {
		assert_int_equal(f.core, pg.dom->body);
		assert_near(f.x[0][F_CORE_DIST], logf(2), 1e-4);
	}
	features_free(&f);
	page_free(&pg);
}

/* The page's shape (auto-kind.h), worked out by hand.  A grid of three
 * cards, each a div.card of two blocks (a linked h2 and a p), under a
 * 4-character h1.  Characters: "Shop" 4; "Red mug" 6 + "Holds tea." 9;
 * "Blue mug" 7 + "Holds coffee." 12; "Tall cup" 7 + "Holds water." 11:
 * 56 in all, 20 of them links (0.357), 52 in the repeated cards (0.929),
 * no block of 80 characters (prose 0), no code, 3 h2 headings.  Links
 * 35 % or more and prose under 40 %: a listing. */
static const char grid_page[] =
	"<html><body><h1>Shop</h1><div id=\"grid\">"
	"<div class=\"card\"><h2><a href=\"/a\">Red mug</a></h2><p id=\"c1\">Holds tea.</p></div>"
	"<div class=\"card\"><h2><a href=\"/b\">Blue mug</a></h2><p>Holds coffee.</p></div>"
	"<div class=\"card\"><h2><a href=\"/c\">Tall cup</a></h2><p>Holds water.</p></div>"
	"</div></body></html>";

/* Documentation: "Install it with the command below." 29 characters,
 * "make install" in a pre 11: code 11/40 = 0.275, 5 % or more. */
static const char docs_page[] =
	"<html><body><p>Install it with the command below.</p><pre>make install</pre>"
	"</body></html>";

/* A listing of teasers: an h1 "Town news" (8 characters without spaces)
 * and six div.card, each a linked h2 title (29, 27, 32, 27, 29 and 27
 * characters, 171) and a teaser sentence of 85: 689 in all.  Running
 * prose 510/689 = 0.740 would make it an article; the grid holds
 * 681/689 = 0.988 of the text in 6 items, 171/681 = 0.251 of it links:
 * a listing. */
static const char *const teaser_titles[] = {
	"The harbour wall is rebuilt at last", "Ferry to Ness runs twice a day now",
	"School roof is repaired before winter", "A new bakery opens on Quay Street",
	"Lifeboat crew rescues two walkers", "Market hall stays open until ten",
};

static void
test_page_teasers(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "<html><body><h1>Town news</h1><div id=\"news\">");
	for (size_t k = 0; k < 6; k++)
		buf_printf(&b, "<div class=\"card\"><h2><a href=\"/%zu\">%s</a></h2><p>The council "
			   "approved the cost on Monday evening after a long debate, and the work "
			   "begins in the spring.</p></div>", k, teaser_titles[k]);
	buf_adds(&b, "</div></body></html>");
	struct page pg;
	struct features f;
	test_page(&pg, b.data);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.page.chars, 689);
	assert_true(fabs(f.page.prose - 510.0 / 689) < 1e-9);
	assert_int_equal(f.page.ngrid, 6);
	assert_true(fabs(f.page.grid_share - 681.0 / 689) < 1e-9);
	assert_true(fabs(f.page.grid_link - 171.0 / 681) < 1e-9);
	assert_int_equal(f.kind, KIND_LISTING);
	assert_string_equal(f.kind_why, "99 % of its text is in a grid of 6 items (70 % or more, "
			    "6 or more), 25 % of it links (20 % or more)");
	features_free(&f);
	page_free(&pg);
	buf_free(&b);
}

/* A blog's front page of four featured posts, each card one link around
 * its h2 title and its teaser: the h1 "Blog" (4 characters), the titles
 * (29 + 27 + 32 + 27 = 115) and the teasers (4 x 85 = 340), 459 in all.
 * Running prose 340/459 = 0.741, links 455/459 = 0.991; four cards are
 * too few for the grid's rule.  Prose that is mostly links is teasers:
 * a listing. */
static void
test_page_linked_teasers(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "<html><body><h1>Blog</h1><div id=\"featured\">");
	for (size_t k = 0; k < 4; k++)
		buf_printf(&b, "<div class=\"post\"><a href=\"/%zu\"><h2>%s</h2><p>The council "
			   "approved the cost on Monday evening after a long debate, and the work "
			   "begins in the spring.</p></a></div>", k, teaser_titles[k]);
	buf_adds(&b, "</div></body></html>");
	struct page pg;
	struct features f;
	test_page(&pg, b.data);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.page.chars, 459);
	assert_true(fabs(f.page.prose - 340.0 / 459) < 1e-9);
	assert_true(fabs(f.page.link - 455.0 / 459) < 1e-9);
	assert_int_equal(f.kind, KIND_LISTING);
	assert_string_equal(f.kind_why, "99 % of its text is links (50 % or more): its 74 % prose "
			    "is linked teasers");
	features_free(&f);
	page_free(&pg);
	buf_free(&b);
}

static void
test_page_shape(void **state)
{
	(void)state;
	struct page pg;
	struct features f;
	test_page(&pg, grid_page);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.page.chars, 56);
	assert_true(fabs(f.page.link - 20.0 / 56) < 1e-9);
	assert_true(fabs(f.page.repeat - 52.0 / 56) < 1e-9);
	assert_true(f.page.prose == 0 && f.page.code == 0);
	assert_int_equal(f.page.headings, 3);
	assert_int_equal(f.page.repeats, 3);
	assert_int_equal(f.page.forms, 0);
	assert_int_equal(f.kind, KIND_LISTING);
	assert_string_equal(f.kind_why, "36 % of its text is links (35 % or more), 0 % prose");
	/* the grid: the three cards, 52 characters, 20 of them links */
	assert_true(fabs(f.page.grid_share - 52.0 / 56) < 1e-9);
	assert_true(fabs(f.page.grid_link - 20.0 / 52) < 1e-9);
	int j = block_index(&pg, &f, "c1");
	assert_true(f.x[j][F_REPEAT] == 1 && fabsf(f.x[j][F_PAGE_REPEAT] - 52.0f / 56) < 1e-6f);
	assert_true(fabsf(f.x[j][F_PAGE_HEADS] - logf(4)) < 1e-6f);
	assert_true(f.x[j][F_PAGE_KIND] == KIND_LISTING);
	features_free(&f);
	page_free(&pg);

	test_page(&pg, docs_page);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.page.chars, 40);
	assert_true(fabs(f.page.code - 11.0 / 40) < 1e-9);
	assert_int_equal(f.page.repeats, 0);
	assert_int_equal(f.kind, KIND_DOCS);
	assert_string_equal(f.kind_why, "28 % of its text is code (5 % or more)");
	features_free(&f);
	page_free(&pg);
}

/* Page html's figures: no code block, named code the share given, so
 * documentation, for the reason given. */
static void
expect_code_named(const char *html, double share, const char *why)
{
	struct page pg;
	struct features f;
	test_page(&pg, html);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_true(f.page.code == 0);
	assert_true(fabs(f.page.code_named - share) < 1e-9);
	assert_int_equal(f.kind, KIND_DOCS);
	assert_string_equal(f.kind_why, why);
	features_free(&f);
	page_free(&pg);
}

/* A reference names its code in its lists, not in code blocks: an h1
 * "Socket" (6 characters, white space not counted), a sentence (49), an h2
 * "Methods" (7), and a list of two methods, send() (6) and close() (7)
 * in code, each with a description (14, 20); a paragraph "Embed:" (6)
 * with a snippet of 70 characters in code, too long for a name; a nav's
 * code (the site's) counts for nothing.  13 of 185 characters name code
 * (7 %), none is a code block: documentation.  Keys, a program's output,
 * a variable and teletype text name code as code does: Ctrl, C, ^C,
 * status and 130 are 16 of the second page's 59 characters (27 %). */
static void
test_page_code_named(void **state)
{
	(void)state;
	expect_code_named("<html><body><nav><code>Socket.prototype.open()</code></nav><h1>Socket</h1>"
			  "<p>A socket sends and receives messages over one connection.</p>"
			  "<h2>Methods</h2><dl><dt><code>send()</code></dt><dd>Sends a message.</dd>"
			  "<dt><code>close()</code></dt><dd>Closes the connection.</dd></dl>"
			  "<p>Embed: <code>https://example.com/player/embed/0123456789abcdef"
			  "0123456789abcdefghi/x</code></p></body></html>",
			  13.0 / 185, "7 % of its text names code (5 % or more)");
	expect_code_named("<html><body><h1>Keys</h1><p>Press <kbd>Ctrl</kbd> and <kbd>C</kbd> "
			  "to stop it; the shell prints <samp>^C</samp>, sets <var>status</var> "
			  "to <tt>130</tt>.</p></body></html>",
			  16.0 / 59, "27 % of its text names code (5 % or more)");
}

/* A page that names a documentation generator in its meta generator is
 * documentation, unless its text is mostly links (an index, a table of
 * contents: a listing, which keeps its links).  The name starts the
 * content, case aside, and no letter or digit follows it. */
static void
test_page_generator(void **state)
{
	(void)state;
	static const struct {
		const char *meta, *body, *gen, *why;
		enum page_kind kind;
	} cases[] = {
		{ "<meta name=\"generator\" content=\"Doxygen 1.9.4\">",
		  "<h1>tide.h File Reference</h1><p>Reads a tide table.</p>", "Doxygen",
		  "it names a documentation generator as its maker (meta generator: Doxygen), "
		  "0 % of its text links (under 35 %)", KIND_DOCS },
		{ "<META NAME=\"GENERATOR\" CONTENT=\" modular docbook HTML Stylesheet\">",
		  "<h1>tide.h File Reference</h1><p>Reads a tide table.</p>", "Modular DocBook",
		  "it names a documentation generator as its maker (meta generator: Modular "
		  "DocBook), 0 % of its text links (under 35 %)", KIND_DOCS },
		/* 19 of 32 characters links: an index */
		{ "<meta name=\"generator\" content=\"mkdocs-1.6.1, mkdocs-material-9\">",
		  "<ul><li><a href=\"a.html\">tide_open</a></li><li><a href=\"b.html\">"
		  "tide_close</a></li></ul><p>Two functions.</p>", "MkDocs",
		  "59 % of its text is links (35 % or more), 0 % prose", KIND_LISTING },
		{ "<meta name=\"generator\" content=\"Doxygenic 2\">",
		  "<ul><li><a href=\"a.html\">tide_open</a></li><li><a href=\"b.html\">"
		  "tide_close</a></li></ul><p>Two functions.</p>", NULL,
		  "59 % of its text is links (35 % or more), 0 % prose", KIND_LISTING },
		{ "<meta name=\"description\" content=\"Doxygen\">",
		  "<ul><li><a href=\"a.html\">tide_open</a></li><li><a href=\"b.html\">"
		  "tide_close</a></li></ul><p>Two functions.</p>", NULL,
		  "59 % of its text is links (35 % or more), 0 % prose", KIND_LISTING },
	};
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		char html[1024];
		snprintf(html, sizeof html, "<html><head>%s</head><body>%s</body></html>",
			 cases[k].meta, cases[k].body);
		struct page pg;
		struct features f;
		test_page(&pg, html);
		features_compute(&pg, auto_model_builtin.stage1, &f);
		if (cases[k].gen)
			assert_string_equal(f.page.generator, cases[k].gen);
		else
			assert_null(f.page.generator);
		assert_int_equal(f.kind, cases[k].kind);
		assert_string_equal(f.kind_why, cases[k].why);
		features_free(&f);
		page_free(&pg);
	}
}

/* A page that declares itself a discussion is a forum thread, whatever
 * its figures say: the code block that makes the page below
 * documentation (27 % of its text) gives way to the declaration, in
 * JSON-LD (a string among the types) or in microdata (the last part of
 * an itemtype URL).  The name as a property, in a script that is not JSON-LD, as a
 * part of a longer type or as the start of a URL's path declares
 * nothing. */
static void
test_page_declared(void **state)
{
	(void)state;
	static const char *const yes[] = {
		"<script type=\"application/ld+json\">{\"@type\": [\"WebPage\", \"QAPage\"]}</script>",
		"<script type=\"application/ld+json\">{\"@graph\":[{\"@type\":"
		"\"DiscussionForumPosting\"}]}</script>",
		"<div itemscope itemtype=\"https://schema.org/Thing https://schema.org/QAPage\"></div>",
	};
	static const char *const no[] = {
		"<script type=\"application/ld+json\">{\"QAPage\": 1, \"@type\": \"WebPage\"}</script>",
		"<script>var t = \"DiscussionForumPosting\";</script>",
		"<script type=\"application/ld+json\">{\"@type\": \"QAPageX\"}</script>",
		"<div itemscope itemtype=\"https://example.com/QAPage/x\"></div>",
	};
	for (size_t k = 0; k < sizeof yes / sizeof *yes + sizeof no / sizeof *no; k++) {
		bool declared = k < sizeof yes / sizeof *yes;
		const char *decl = declared ? yes[k] : no[k - sizeof yes / sizeof *yes];
		char html[1024];
		snprintf(html, sizeof html, "<html><head>%s</head><body><h1>Install</h1>"
			 "<p>Run this once.</p><pre>make install</pre><p>Then open it.</p>"
			 "</body></html>", decl);
		struct page pg;
		struct features f;
		test_page(&pg, html);
		features_compute(&pg, auto_model_builtin.stage1, &f);
		assert_int_equal(f.page.discussion, declared);
		assert_int_equal(f.kind, declared ? KIND_FORUM : KIND_DOCS);
		assert_string_equal(f.kind_why, declared ?
				    "it declares itself a discussion (schema.org "
				    "DiscussionForumPosting or QAPage)" :
				    "27 % of its text is code (5 % or more)");
		features_free(&f);
		page_free(&pg);
	}
}

/* The grid is the group of items with the most text outside the site's
 * own regions: a header's menu of three div.m (an h3 and a p: 7 + 41,
 * 6 + 40 and 4 + 43 characters, 141) holds more than grid_page's three
 * cards (52 of its 56), and is no grid.  Of the page's 141 + 56 = 197
 * characters the grid holds 52, 20 of them links. */
static void
test_page_grid_site(void **state)
{
	(void)state;
	static const char page[] =
		"<html><body><header>"
		"<div class=\"m\"><h3>Kitchen</h3><p>Pots, pans and knives for every cook in the "
		"house.</p></div>"
		"<div class=\"m\"><h3>Garden</h3><p>Spades, hoses and seeds for a garden of any "
		"size.</p></div>"
		"<div class=\"m\"><h3>Bath</h3><p>Towels, soaps and mats for a bathroom that is "
		"yours.</p></div>"
		"</header><h1>Shop</h1><div id=\"grid\">"
		"<div class=\"card\"><h2><a href=\"/a\">Red mug</a></h2><p>Holds tea.</p></div>"
		"<div class=\"card\"><h2><a href=\"/b\">Blue mug</a></h2><p>Holds coffee.</p></div>"
		"<div class=\"card\"><h2><a href=\"/c\">Tall cup</a></h2><p>Holds water.</p></div>"
		"</div></body></html>";
	struct page pg;
	struct features f;
	test_page(&pg, page);
	features_compute(&pg, auto_model_builtin.stage1, &f);
	assert_int_equal(f.page.chars, 197);
	assert_int_equal(f.page.ngrid, 3);
	assert_string_equal(dom_attr(pg.dom, f.page.grid[0], "class"), "card");
	assert_true(fabs(f.page.grid_share - 52.0 / 197) < 1e-9);
	assert_true(fabs(f.page.grid_link - 20.0 / 52) < 1e-9);
	features_free(&f);
	page_free(&pg);
}

/* A group of items inside the page's main landmark is its grid before
 * one outside, though that one holds more text: three div.t of the
 * trending stories beside main (a linked h3 and a p, 22 + 31, 20 + 28
 * and 22 + 28 characters without white space, 151) against main's three
 * cards (52), of the page's 207 with the h1's 4.  Without the landmark
 * the stories are the grid. */
static void
test_page_grid_main(void **state)
{
	(void)state;
	static const char page[] =
		"<html><body><div id=\"side\">"
		"<div class=\"t\"><h3><a href=\"/x\">Tides are higher this year</a></h3>"
		"<p>Read by a great many people this week.</p></div>"
		"<div class=\"t\"><h3><a href=\"/y\">The harbour gets a crane</a></h3>"
		"<p>Read by a great many people today.</p></div>"
		"<div class=\"t\"><h3><a href=\"/z\">Ferries run late on Sunday</a></h3>"
		"<p>Read by many people this weekend.</p></div>"
		"</div><%s><h1>Mugs</h1><div id=\"grid\">"
		"<div class=\"card\"><h2><a href=\"/a\">Red mug</a></h2><p>Holds tea.</p></div>"
		"<div class=\"card\"><h2><a href=\"/b\">Blue mug</a></h2><p>Holds coffee.</p></div>"
		"<div class=\"card\"><h2><a href=\"/c\">Tall cup</a></h2><p>Holds water.</p></div>"
		"</div></%s></body></html>";
	static const char *const wrap[][2] = { { "main", "card" }, { "div", "t" } };
	static const double share[] = { 52.0 / 207, 151.0 / 207 };
	for (size_t k = 0; k < 2; k++) {
		char html[2048];
		snprintf(html, sizeof html, page, wrap[k][0], wrap[k][0]);
		struct page pg;
		struct features f;
		test_page(&pg, html);
		features_compute(&pg, auto_model_builtin.stage1, &f);
		assert_int_equal(f.page.chars, 207);
		assert_int_equal(f.page.ngrid, 3);
		assert_string_equal(dom_attr(pg.dom, f.page.grid[0], "class"), wrap[k][1]);
		assert_true(fabs(f.page.grid_share - share[k]) < 1e-9);
		features_free(&f);
		page_free(&pg);
	}
}

/* Groups alike are one grid: a recipe index's two carousels, one under
 * each heading, items of one tag and class words (an instance's id,
 * post-1001, set aside) under parents of one tag and class words at one
 * depth.  Not where the second carousel's parent is of another class,
 * nor where the items have no class words to share (a layout's divs). */
static void
test_page_grid_alike(void **state)
{
	(void)state;
	static const char page[] =
		"<html><body><main><h1>Recipes</h1>"
		"<section><h2>Salads</h2><div class=\"carousel row\">"
		"<%s id=\"c1\"><h3><a href=\"/a\">Green salad</a></h3><p>Leaves and oil.</p></%s>"
		"<%s id=\"c2\"><h3><a href=\"/b\">Bean salad</a></h3><p>Beans and herbs.</p></%s>"
		"<%s id=\"c3\"><h3><a href=\"/c\">Egg salad</a></h3><p>Eggs and cress.</p></%s>"
		"</div></section>"
		"<section><h2>Soups</h2><div class=\"%s\">"
		"<%s id=\"c4\"><h3><a href=\"/d\">Leek soup</a></h3><p>Leeks and potato.</p></%s>"
		"<%s id=\"c5\"><h3><a href=\"/e\">Fish soup</a></h3><p>Cod and fennel.</p></%s>"
		"<%s id=\"c6\"><h3><a href=\"/f\">Bean soup</a></h3><p>Beans and bacon.</p></%s>"
		"</div></section></main></body></html>";
	static const struct {
		const char *item, *item2, *parent;
		int ngrid;
		const char *last;
	} cases[] = {
		{ "article class=\"card post-1001\"", "article class=\"post-2002 card\"", "row carousel",
		  6, "c6" },
		{ "article class=\"card post-1001\"", "article class=\"card post-2002\"", "grid", 3, "c3" },
		{ "div", "div", "row carousel", 3, "c3" },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		/* the closing tag is the item's first word */
		const char *o1 = cases[k].item, *o2 = cases[k].item2;
		char close[16], html[4096];
		snprintf(close, sizeof close, "%.*s", (int)strcspn(o1, " "), o1);
		snprintf(html, sizeof html, page, o1, close, o1, close, o1, close,
			 cases[k].parent, o2, close, o2, close, o2, close);
		struct page pg;
		struct features f;
		test_page(&pg, html);
		features_compute(&pg, auto_model_builtin.stage1, &f);
		assert_int_equal(f.page.ngrid, cases[k].ngrid);
		assert_string_equal(dom_attr(pg.dom, f.page.grid[0], "id"), "c1");
		assert_string_equal(dom_attr(pg.dom, f.page.grid[f.page.ngrid - 1], "id"),
				    cases[k].last);
		features_free(&f);
		page_free(&pg);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_tags),
		cmocka_unit_test(test_ancestors),
		cmocka_unit_test(test_thread),
		cmocka_unit_test(test_comment_template),
		cmocka_unit_test(test_hidden),
		cmocka_unit_test(test_form_wrapper),
		cmocka_unit_test(test_header_in_part),
		cmocka_unit_test(test_landmark_roles),
		cmocka_unit_test(test_cards1),
		cmocka_unit_test(test_page_grid_site),
		cmocka_unit_test(test_page_grid_main),
		cmocka_unit_test(test_page_grid_alike),
		cmocka_unit_test(test_sib_long),
		cmocka_unit_test(test_jsonld),
		cmocka_unit_test(test_core),
		cmocka_unit_test(test_core_not_negative),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_single_block),
		cmocka_unit_test(test_page_linked_teasers),
		cmocka_unit_test(test_page_shape),
		cmocka_unit_test(test_page_code_named),
		cmocka_unit_test(test_page_generator),
		cmocka_unit_test(test_page_declared),
		cmocka_unit_test(test_page_teasers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
