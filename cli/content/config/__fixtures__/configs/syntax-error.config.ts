export default {
  brand: { name: 'Broken' 
}
