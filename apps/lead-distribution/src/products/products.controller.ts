import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyRole, ProductAsPolicyResponse } from '#contracts';
import { ApiProblems, OperatorRole } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { Roles } from '../auth/auth.decorators.js';
import { ProductsService } from './products.service.js';

@ApiTags('products')
// Every role may read, and any id that names no product is a 404: the spec's 401 and 404, besides the
// platform's 400 for a hostile query (a NUL in a key), which every operation documents.
@ApiKeyAuth(401)
@Roles(ApiKeyRole.Partner, ApiKeyRole.Provider, ApiKeyRole.Operator)
@Controller('api/v1/products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get(':productId/as-policy')
  @OperatorRole('viewer')
  @ApiOperation({
    summary: 'Get product AS policy',
    description:
      'The AS policy text saved on the administrator product screen; textContent, updatedAt and policyId are null when none is registered.',
  })
  @ApiOkResponse({ type: ProductAsPolicyResponse })
  @ApiProblems(404)
  getAsPolicy(@Param('productId') productId: string): Promise<ProductAsPolicyResponse> {
    return this.products.getAsPolicy(productId);
  }
}
