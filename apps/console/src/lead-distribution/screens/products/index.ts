export { ProductDetailScreen } from './product-detail-screen';
export { ProductsScreen } from './products-screen';
