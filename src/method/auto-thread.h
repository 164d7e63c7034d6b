/* auto-thread.h - a forum thread found by its structure, whatever the forum
 * software names its parts.
 *
 * A thread is a run of sibling subtrees of one shape (the posts: the same
 * tag, their tag paths a few levels down mostly shared with the first
 * post's or with one of the last few posts taken), each holding text in
 * two places at least: a message and, beside it, an author panel, a date,
 * a number or controls, with a digit among them (not in a heading or a
 * term: a section's number, a reference's name); a disclosure (details)
 * is none (a reference's entry under its signature).  The message is the
 * place (a path of tags and positions from the post's root) that holds,
 * on average over the posts, half a post's words or more: the deepest
 * such.  Words leave out a post's chrome: dates and counts (short texts
 * with a digit) and the labels that stand at the same place in another
 * post.  Text that stands in two posts' messages at the same place (a
 * signature, a control) is not message, nor is a short tail after a
 * message's last <hr> or "________" line (a signature).  Posts up to
 * THREAD_BELOW levels down in another sibling count too (an opening post
 * before a list of replies, which a forum wraps in a page's and a list's
 * elements).  Where the opening post's wrapper has no such sibling, the
 * replies may stand in a container of their own after the wrapper, as
 * deep below one of its later siblings (a theme that sets the first post
 * apart, its date and author in the wrapper beside it), or in the first
 * element of the opening post's tag after it, each laid out as the
 * opening post is (a question's answers, in a list beside the question);
 * where each post is a wrapper of one, the sibling before the first
 * shaped as their children is the opening post without the wrapper (an
 * issue tracker's description before its comments' timeline items);
 * replies so apart
 * that are mostly cards under a heading that links to another page are a
 * listing's, not a thread's.  Where each reply stands inside the post
 * it answers (a comment and the list of its replies in one element),
 * the posts' descendants of their tag and shape are posts too, and each
 * post is then the part of its element that holds the message.
 *
 * thread_find() starts from the largest block the method kept (the
 * opening post, on a thread page; thread_find_from, from a block given)
 * and looks at each of its ancestors in
 * turn for siblings of its shape; the level with the most posts (three at
 * least, the median one holding at most THREAD_PANEL_CHARS beside its
 * message) wins, when that block is in its post's message.  It is a thread
 * only when the posts hold at least half of the text the method kept (an
 * article whose comments follow it is not one; where the posts found
 * from a reply's block do not, the search starts again, once, from the
 * largest kept block outside their container: the question above a
 * list of answers), in thread_find their messages hold half of it too
 * (the stage keeps the messages alone: an article, an opening post
 * whose message is one of its sections, over a list of dated cards holds
 * it elsewhere), and their messages' text is not mostly code (a
 * reference's entries, a signature over an example, are alike as posts
 * are).  Linear in the page times its depth; no I/O. */
#ifndef PITH_THREAD_H
#define PITH_THREAD_H

#include <stdbool.h>
#include <stdint.h>

#include "dom.h"
#include "metrics.h"

/* How many levels down in a sibling of the opening post its replies may
 * stand (not looking inside a post found). */
#define THREAD_BELOW 3
/* Most characters of a header before a post that holds its date. */
#define THREAD_HEADER_CHARS 80
/* Most times the mean text of its replies that an opening post unlike
 * them holds where they are named comments and still a thread's: a
 * discussion's question or link, the replies its substance (an article
 * holds six times its comments' mean and more). */
#define THREAD_OPENING 3
/* Least number of posts (two alike are as often an article's sections). */
#define THREAD_POSTS 3
/* Most characters the median post holds beside its message: an author
 * panel, a date, controls, a signature; a page's columns (a header, the
 * article's column with its sidebar, a footer) hold more. */
#define THREAD_PANEL_CHARS 500
/* Least share of tag paths (Jaccard) a sibling shares with the anchor's
 * post to be a post of the same shape; the paths looked at go this many
 * levels below a post's root. */
#define THREAD_SHAPE 0.5
#define THREAD_SHAPE_DEPTH 4
/* Or, where the one has THREAD_HELD_PATHS paths or more and the other at
 * most THREAD_HELD_RATIO times as many, the least share of the fewer
 * that the more hold: a long message's own headings, lists and code add
 * paths a short post's frame lacks. */
#define THREAD_HELD 0.8
#define THREAD_HELD_RATIO 3
#define THREAD_HELD_PATHS 4
/* Least mean share of a post's words that the message place holds; a
 * text with a digit and at most THREAD_META_CHARS characters is a date or
 * a count, not words. */
#define THREAD_MESSAGE 0.5
#define THREAD_META_CHARS 40
/* Least share of the method's kept characters the posts hold, and, from
 * the largest kept block (thread_find), their messages too. */
#define THREAD_KEPT 0.5
/* Text repeated at one place in two posts is not message when it has at
 * least this many characters (a signature, "Reply with quote"). */
#define THREAD_REPEAT_CHARS 12
/* A signature set off at the end of a message by an <hr> or a line of
 * THREAD_SIG_RULE underscores or more: at most THREAD_SIG_CHARS
 * characters, and under half of the message. */
#define THREAD_SIG_RULE 8
#define THREAD_SIG_CHARS 300

struct thread {
	int nposts;         /* 0: no thread */
	int members;        /* siblings of the shape, posts or not */
	int *post;          /* each post's root element, in page order */
	int *msg;           /* its message element */
	double *sim;        /* its shape's similarity to like's */
	double *held;       /* where that is under THREAD_SHAPE: the share of
			     * the fewer paths the more hold (THREAD_HELD
			     * or more); else 0 */
	int *like;          /* the sibling it was found alike to (element) */
	uint8_t *own;       /* its message found by its own words: the place
			     * of the others' messages holds none of them (an
			     * opening post laid out apart): 1; or the next
			     * element of the place's tag, the place holding
			     * nothing of what a message holds at its first
			     * level (a title, a box of files before it): 2 */
	int anchor;         /* the kept block the thread was found from */
	int anchor_post;    /* the post that holds the anchor */
	bool opening;       /* the anchor's post is an opening post unlike the
			     * others, which are alike each other */
	int nested;         /* of the members, replies nested in the posts they
			     * answer, each in an element of the posts' tag
			     * inside its parent post's: the posts are then
			     * the parts of those elements that hold the
			     * messages; 0: none (members - nested: those of
			     * that tag side by side in the container) */
	bool apart;         /* and its replies stand in a container of their own,
			     * after the opening post's wrapper */
	bool alike;         /* apart, and laid out as the opening post is,
			     * though named as comments (replies_alike) */
	bool headed;        /* a post's date may stand in the element before
			     * it, where THREAD_POSTS posts have one there */
	bool within;        /* apart, laid out as the opening post is, in
			     * the first element of its tag after it
			     * (replies_within) */
	double short_open;  /* apart, the replies named as comments: the
			     * opening post's text over their mean, at most
			     * THREAD_OPENING; else 0 */
	int container;      /* the parent of the anchor's post (apart after
			     * a wrapper: its grandparent): in it, what is no post's message
			     * is not content */
	double share;       /* mean share of a post's text its message holds */
	int msg_depth;      /* steps from a post's root to the message place */
	long kept_in;       /* the method's kept characters in the posts */
	long kept_all;      /* and in all */
	bool largest;       /* the method kept nothing longer than a label:
			     * the anchor is the page's largest block, not
			     * its largest kept one (auto's short_thread) */
	double outside;     /* 0; else what the method kept lies outside
			     * the posts, and this is the share of the
			     * page's text their messages hold (half or
			     * more: auto's short_thread) */
	int first_list;     /* -1; else the posts found from the largest
			     * kept block held too little of what the method
			     * kept, and the anchor is the largest kept block
			     * outside their container, this element
			     * (thread_find) */
	uint8_t *repeat;    /* per element: posts with its text at its place (capped) */
	uint8_t *text_repeat;   /* per text node in a message: 1 when its text
				 * (THREAD_REPEAT_CHARS or more) stands at its
				 * place in another post's, or it is in a
				 * signature set off at the message's end; NULL
				 * when none is */
};

void thread_init(struct thread *t);
void thread_free(struct thread *t);

/* What thread_find found for the page's last anchors (its longest kept
 * block): the search up an anchor's ancestors does not depend on the
 * rest of the decision, so a threshold change that comes back to an
 * anchor (a threshold turned up, then down) repeats only the share of
 * kept text in the posts.  Per page; the anchor used longest ago makes
 * way for a new one. */
#define THREAD_CACHE_ANCHORS 4
struct thread_cache {
	struct thread_cached {
		int anchor;         /* -1: none */
		bool ok;            /* a thread was found from it */
		unsigned used;      /* when it was last asked for */
		struct thread cand; /* that thread, kept_in and kept_all aside */
	} slot[THREAD_CACHE_ANCHORS];
	unsigned clock;
	int searches;        /* anchors searched from (tests) */
	/* thread_find's last posts refused because their messages held
	 * under THREAD_KEPT of the kept characters: how many (0: none
	 * refused so), whether one is an opening post unlike the others,
	 * and those characters in the messages and in all */
	int refused_posts;
	bool refused_opening;
	long refused_msg, refused_kept;
	uint64_t *text_hash; /* each text node's site_text_hash, once found */
	uint8_t *text_facts; /* and what the search asks of it (TF_) */
	int *text_pos;       /* each element's place among its siblings
				(text_positions in auto-thread.c) */
};
/* A text node's facts: it holds a digit (outside a heading); it is a
 * date or a count (short, with a digit); it is a signature's delimiter
 * line. */
enum { TF_DIGIT = 1, TF_META = 2, TF_RULE = 4, TF_CODE = 8 };
void thread_cache_init(struct thread_cache *c);
void thread_cache_free(struct thread_cache *c);

/* Look for a thread on page d given a method's decision: block[nb] the
 * text blocks (element ids), chars[nb] their characters, content[] per
 * element.  Fills t (freed first) and says whether there is one.  cache
 * (NULL: none) is the page's, for the same block[] every time. */
bool thread_find(const struct dom *d, const struct metrics *m, const int *block,
		 const int *chars, int nb, const uint8_t *content, struct thread *t,
		 struct thread_cache *cache);
/* The same from the given anchor, a block, wherever the method kept
 * text: the posts must still hold THREAD_KEPT of what it kept. */
bool thread_find_from(const struct dom *d, const struct metrics *m, const int *block,
		      const int *chars, int nb, const uint8_t *content, int anchor,
		      struct thread *t, struct thread_cache *cache);

/* e, or its nearest ancestor that is not its parent's only element
 * child: a list's item around a post that is all the item holds. */
int thread_item(const struct dom *d, int e);
/* The index of the post that holds element e, or -1. */
int thread_post_of(const struct dom *d, const struct thread *t, int e);
/* The same for the elements of a walk, *at (0 before the first)
 * keeping the place, so that a walk over n elements costs n + posts.
 * No element of the walk may come after one that lies wholly after it:
 * the text blocks in the order of their first text (features') walk so,
 * for a block that comes after its descendants lies around them. */
int thread_post_next(const struct dom *d, const struct thread *t, int *at, int e);

#endif
