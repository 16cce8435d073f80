import { Body, Controller, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyRole, CreateProductDto, ProductAsPolicyResponse, ProductDto, SetAsPolicyDto } from '#contracts';
import { ApiProblems, Idempotent, uuidParam } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { Roles } from '../auth/auth.decorators.js';
import { ProductsService } from './products.service.js';

@ApiTags('admin: products')
@ApiKeyAuth()
@Roles(ApiKeyRole.Operator)
@Controller('api/v1/admin/products')
export class ProductsAdminController {
  constructor(private readonly products: ProductsService) {}

  @Idempotent()
  @Post()
  @ApiOperation({ summary: 'Create a product of a provider' })
  @ApiCreatedResponse({ type: ProductDto })
  @ApiProblems(409)
  create(@Body() body: CreateProductDto): Promise<ProductDto> {
    return this.products.create(body);
  }

  @Put(':id/as-policy')
  @ApiOperation({ summary: "Set a product's AS policy text (replaces the previous one)" })
  @ApiOkResponse({ type: ProductAsPolicyResponse })
  @ApiProblems(404)
  setAsPolicy(@Param('id', uuidParam('id')) id: string, @Body() body: SetAsPolicyDto): Promise<ProductAsPolicyResponse> {
    return this.products.setAsPolicy(id, body.textContent);
  }
}
