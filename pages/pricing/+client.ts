// https://vike.dev/client: an HTML-only page (https://vike.dev/render-modes), whose only script
// reveals its sections and hydrates its islands.
import '../_lib/islands/htmlOnlyClient.ts'
