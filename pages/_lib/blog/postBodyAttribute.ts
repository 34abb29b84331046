/** Marks the element that holds a post's body in its page (a module of its own: the page writer thread reads it, and nothing else of postBody.ts). */
export const POST_BODY_ATTRIBUTE = 'data-post-body'
