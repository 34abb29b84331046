export const config = { brand: { name: 'No default export' } }
