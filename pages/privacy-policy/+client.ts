// https://vike.dev/client: an HTML-only page's one script (https://vike.dev/render-modes): reveals its sections, hydrates its islands.
import '../_lib/islands/htmlOnlyClient.ts'
